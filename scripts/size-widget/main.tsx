/**
 * The widget entry `npm run size` builds: the kit's neutral fixture app (test/fixture-app/widget.tsx)
 * mounted the way an app's entry mounts its widget — the kit's styles once, then `mountWidget`.
 */
import { mountWidget } from "mcp-widget-kit";
import "mcp-widget-kit/styles.css";
import { FixtureWidget } from "../../test/fixture-app/widget.tsx";

mountWidget(<FixtureWidget />, { appInfo: { name: "Fixture shop", version: "1.0.0" } });
