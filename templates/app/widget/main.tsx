/** The widget entry: the kit's styles once, the detected host, the app. */
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { HostProvider } from "widget-kit";
import "widget-kit/styles.css";
import { App } from "./app.tsx";

const container = document.getElementById("root");
if (container) {
  createRoot(container).render(
    <StrictMode>
      <HostProvider appInfo={{ name: "Flights", version: "1.0.0" }}>
        <App />
      </HostProvider>
    </StrictMode>,
  );
}
