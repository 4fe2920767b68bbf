/** The GiftGenius widget entry: the detected host (ChatGPT or none), the App, strict mode. */
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { HostProvider } from "widget-kit";
// The kit's styles, once for the whole widget: the package entry itself imports no CSS.
import "widget-kit/styles.css";
import { App } from "./app.tsx";

const container = document.getElementById("root");
if (container) {
  createRoot(container).render(
    <StrictMode>
      <HostProvider appInfo={{ name: "GiftGenius", version: "1.0.0" }}>
        <App />
      </HostProvider>
    </StrictMode>,
  );
}
