/**
 * Every story gets a mock host (see stories/support) and the host controls in the toolbar:
 * theme, locale, display mode, max height and the protocol the widget reaches its host by.
 * Every story is also an accessibility test: axe must report no violation.
 */
import type { Preview } from "@storybook/react-vite";
import { withMockHost } from "../stories/support/index.ts";
import "mcp-widget-kit/styles.css";

const preview: Preview = {
  decorators: [withMockHost],
  globalTypes: {
    theme: {
      description: "The host's colour scheme",
      toolbar: {
        title: "Theme",
        icon: "mirror",
        items: [
          { value: "light", title: "Light" },
          { value: "dark", title: "Dark" },
        ],
        dynamicTitle: true,
      },
    },
    locale: {
      description: "The host's locale (BCP 47)",
      toolbar: {
        title: "Locale",
        icon: "globe",
        items: [
          { value: "en-US", right: "en", title: "English" },
          { value: "ru-RU", right: "ru", title: "Русский" },
          { value: "zh-CN", right: "zh", title: "中文" },
          { value: "vi-VN", right: "vi", title: "Tiếng Việt" },
        ],
        dynamicTitle: true,
      },
    },
    displayMode: {
      description: "How the host shows the widget",
      toolbar: {
        title: "Display mode",
        icon: "browser",
        items: [
          { value: "inline", title: "Inline" },
          { value: "pip", title: "Picture in picture" },
          { value: "fullscreen", title: "Fullscreen" },
        ],
        dynamicTitle: true,
      },
    },
    maxHeight: {
      description: "The most height the host gives the widget (px)",
      toolbar: {
        title: "Max height",
        icon: "expand",
        items: [
          { value: "none", title: "No limit" },
          { value: "480", title: "480 px" },
          { value: "320", title: "320 px" },
          { value: "200", title: "200 px" },
        ],
        dynamicTitle: true,
      },
    },
    protocol: {
      description:
        "How the widget reaches the host: the mock itself, window.openai, or MCP Apps postMessage",
      toolbar: {
        title: "Protocol",
        icon: "transfer",
        items: [
          { value: "mock", title: "Mock host (direct)" },
          { value: "openai", title: "ChatGPT (window.openai)" },
          { value: "mcp-apps", title: "MCP Apps (postMessage, AppBridge)" },
        ],
        dynamicTitle: true,
      },
    },
  },
  initialGlobals: {
    theme: "light",
    locale: "en-US",
    displayMode: "inline",
    maxHeight: "none",
    protocol: "mock",
  },
  parameters: {
    layout: "fullscreen",
    // Every story is an axe check; a violation fails its story test.
    a11y: { test: "error" },
    controls: { expanded: true },
  },
};

export default preview;
