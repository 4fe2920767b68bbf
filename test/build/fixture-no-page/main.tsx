/** A widget in a folder with no index.html: the build supplies the page with its `#root`. */
import { createRoot } from "react-dom/client";
import "../fixture/fixture.css";

createRoot(document.getElementById("root")!).render(<p data-state="empty">No page written.</p>);
