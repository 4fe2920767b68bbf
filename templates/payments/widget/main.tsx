/** The widget entry: the kit's styles once, then the app in the detected host. */
import { mountWidget } from "mcp-widget-kit";
import "mcp-widget-kit/styles.css";
import { App } from "./app.tsx";

mountWidget(<App />, { appInfo: { name: "Payments", version: "1.0.0" } });
