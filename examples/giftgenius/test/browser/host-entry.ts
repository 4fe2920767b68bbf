/**
 * Runs in the page before the widget's scripts (bundled to an IIFE with esbuild and added
 * with `page.addInitScript`): records errors and CSP violations, then installs the kit's
 * mock host as `window.openai` with the globals the test put in `window.__widgetTest`.
 */
import { createMockHost } from "mcp-widget-kit/testing";

interface WidgetTestSetup {
  globals: Record<string, unknown>;
  tools: Record<string, unknown>;
}

interface TestWindow extends Window {
  __widgetTest?: WidgetTestSetup;
  __cspViolations?: string[];
  __pageErrors?: string[];
  __mockHost?: ReturnType<typeof createMockHost>;
}

const win = window as TestWindow;
const violations: string[] = [];
const errors: string[] = [];
win.__cspViolations = violations;
win.__pageErrors = errors;
document.addEventListener("securitypolicyviolation", (event) => {
  violations.push(
    `${event.violatedDirective} blocked ${event.blockedURI || "inline"} (${event.sourceFile}:${event.lineNumber})`,
  );
});
window.addEventListener("error", (event) => errors.push(String(event.message)));
window.addEventListener("unhandledrejection", (event) =>
  errors.push(`unhandled rejection: ${String(event.reason)}`),
);

const setup: WidgetTestSetup = win.__widgetTest ?? { globals: {}, tools: {} };
const host = createMockHost({
  globals: setup.globals,
  tools: Object.fromEntries(
    Object.entries(setup.tools).map(([name, result]) => [name, () => result]),
  ),
});
host.installAsOpenAI(window);
win.__mockHost = host;
