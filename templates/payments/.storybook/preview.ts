/** The kit's styles under every story, as widget/main.tsx loads them in the widget. */
import "mcp-widget-kit/styles.css";
