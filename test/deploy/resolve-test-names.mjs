/**
 * Preloaded into the GiftGenius processes of the deploy test (`NODE_OPTIONS=--import …`): the
 * public-looking names in `DEPLOY_TEST_HOSTS` (`app.test=127.0.0.7,id.test=127.0.0.7`) resolve
 * to the proxy's loopback address, as a hosts entry would on a real machine, without editing
 * /etc/hosts. Every other name resolves as usual. Test-only: nothing in the app loads it.
 */
import dns from "node:dns";

const hosts = new Map(
  (process.env.DEPLOY_TEST_HOSTS ?? "")
    .split(",")
    .map((entry) => entry.split("="))
    .filter(([name, address]) => name && address && /^127\.\d+\.\d+\.\d+$/.test(address)),
);
const lookup = dns.lookup;

dns.lookup = function lookupTestName(hostname, options, callback) {
  const address = hosts.get(String(hostname).toLowerCase());
  if (!address) return lookup.apply(this, arguments);
  const done = typeof options === "function" ? options : callback;
  const all = typeof options === "object" && options !== null && options.all;
  if (all) process.nextTick(done, null, [{ address, family: 4 }]);
  else process.nextTick(done, null, address, 4);
};
