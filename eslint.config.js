import js from "@eslint/js";
import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";

/** Widget code must never reach the server helpers (they pull in Node-only modules). */
const noServerInWidget = {
  group: ["**/server/**", "**/server"],
  message: "Widget code must not import server code.",
};

/** The example is an app like any other: it reaches the kit by its package name only. */
const kitByPackageName = {
  group: ["**/src", "**/src/**"],
  message:
    "Import the kit by its package name (mcp-widget-kit, mcp-widget-kit/server, …), not from src/.",
};

export default tseslint.config(
  {
    ignores: [
      "node_modules",
      "dist",
      "lib",
      "storybook-static",
      "examples/*/storybook-static",
      "coverage",
      "data",
      ".tmp",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "@typescript-eslint/no-explicit-any": "error",
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_" },
      ],
      "no-eval": "error",
      "no-new-func": "error",
    },
  },
  {
    // A double cast switches the type checker off; the kit's types must hold without one.
    files: ["src/**"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: "TSAsExpression > TSAsExpression[typeAnnotation.type='TSUnknownKeyword']",
          message: "No `as unknown as` in src/: type the value so the checker can follow it.",
        },
      ],
    },
  },
  {
    // Widget code must never reach the server helpers (they pull in Node-only modules).
    files: [
      "src/core/**",
      "src/contract/**",
      "src/bridge/**",
      "src/write/**",
      "src/hooks/**",
      "src/components/**",
      "src/i18n/**",
      "src/index.ts",
      "src/checkout.ts",
      "examples/giftgenius/widget/**",
    ],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [noServerInWidget],
        },
      ],
    },
  },
  {
    files: ["examples/**"],
    ignores: ["examples/giftgenius/widget/**"],
    rules: { "no-restricted-imports": ["error", { patterns: [kitByPackageName] }] },
  },
  {
    // The widget: both rules at once (a later block replaces a rule's options, not merges them).
    // `import type` of the server's tool declarations is allowed: it is erased, so no server
    // code reaches the bundle, and it is how typed tool calls (toolRefs) learn the tools.
    files: ["examples/giftgenius/widget/**"],
    rules: {
      "no-restricted-imports": "off",
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [{ ...noServerInWidget, allowTypeImports: true }, kitByPackageName],
        },
      ],
    },
  },
);
