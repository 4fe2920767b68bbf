// BY-HAND CHECK helper (issue 34), not part of npm test: preload that keeps the inspectors on 127.0.0.1 (they have no host option).
// Preload: force every net.Server.listen(port) without a host onto 127.0.0.1 (the inspector has no --host option).
import net from "node:net";
const orig = net.Server.prototype.listen;
net.Server.prototype.listen = function (...args) {
  if (typeof args[0] === "number" || (typeof args[0] === "string" && /^\d+$/.test(args[0]))) {
    if (
      args[1] === undefined ||
      typeof args[1] === "function" ||
      args[1] === "::" ||
      args[1] === "0.0.0.0"
    )
      args.splice(1, args[1] === undefined || typeof args[1] !== "function" ? 1 : 0, "127.0.0.1");
  } else if (
    args[0] &&
    typeof args[0] === "object" &&
    !("path" in args[0]) &&
    (!args[0].host || args[0].host === "0.0.0.0" || args[0].host === "::")
  ) {
    args[0] = { ...args[0], host: "127.0.0.1" };
  }
  return orig.apply(this, args);
};
