#!/usr/bin/env node
// The `mcp-widget-kit` command (create, dev); its source is src/cli/, built to lib/cli/.
import "../lib/cli/main.js";
