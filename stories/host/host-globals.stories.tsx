/**
 * What a widget reads from its host, under each protocol. Change the toolbar: the values change
 * in place, as they do when a real host pushes new globals.
 */
import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, waitFor } from "storybook/test";
import { HostGlobalsProbe } from "../support/host-globals-probe.tsx";

const meta = {
  title: "Host/Globals",
  component: HostGlobalsProbe,
} satisfies Meta<typeof HostGlobalsProbe>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The toolbar's globals as the hooks read them from the mock host. */
export const ThroughMockHost: Story = {
  globals: { protocol: "mock", theme: "dark", locale: "vi-VN", maxHeight: "320" },
  play: async ({ canvas }) => {
    await expect(canvas.getByText("mock")).toBeVisible();
    await expect(canvas.getByText("dark")).toBeVisible();
    await expect(canvas.getByText("vi-VN")).toBeVisible();
    await expect(canvas.getByText("320")).toBeVisible();
  },
};

/** The same globals reaching the real openai adapter through a fake `window.openai`. */
export const ThroughWindowOpenAI: Story = {
  globals: { protocol: "openai", locale: "ru-RU", displayMode: "pip" },
  play: async ({ canvas }) => {
    await expect(canvas.getByText("openai")).toBeVisible();
    await expect(canvas.getByText("ru-RU")).toBeVisible();
    await expect(canvas.getByText("pip")).toBeVisible();
  },
};

/** The real MCP Apps adapter, handshaking with the official AppBridge over postMessage. */
export const ThroughMcpApps: Story = {
  globals: { protocol: "mcp-apps", locale: "zh-CN", theme: "dark", maxHeight: "480" },
  play: async ({ canvas }) => {
    await expect(canvas.getByText("mcp-apps")).toBeVisible();
    // The host context arrives with the answer to ui/initialize.
    await waitFor(() => expect(canvas.getByText("zh-CN")).toBeVisible());
    await expect(canvas.getByText("dark")).toBeVisible();
    await expect(canvas.getByText("480")).toBeVisible();
  },
};
