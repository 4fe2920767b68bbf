/** The GiftGenius widget entry: the kit's styles once, then the App in the detected host. */
import { mountWidget } from "mcp-widget-kit";
// The kit's styles, once for the whole widget: the package entry itself imports no CSS.
import "mcp-widget-kit/styles.css";
import { App } from "./app.tsx";

mountWidget(<App />, { appInfo: { name: "GiftGenius", version: "1.0.0" } });
