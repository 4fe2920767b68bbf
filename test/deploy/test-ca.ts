/**
 * A certificate authority made by the deploy test with Debian's `openssl`: its root (which the
 * test's client and the servers trust, nothing else does) and one certificate for the public
 * names the proxy serves. Keys live in a private temporary folder, valid for one day.
 */
import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/** The CA's files. */
export interface TestCa {
  /** The root certificate (PEM path): `NODE_EXTRA_CA_CERTS` for the servers. */
  caFile: string;
  /** Its PEM text: the client's only trusted root. */
  caPem: string;
  /** The site certificate and its key, for the proxy. */
  certFile: string;
  keyFile: string;
}

function openssl(dir: string, args: string[]): void {
  execFileSync("openssl", args, { cwd: dir, stdio: ["ignore", "ignore", "pipe"] });
}

/** Makes a root and a certificate for `names` (subjectAltName) in `dir`. */
export function createTestCa(dir: string, names: readonly string[]): TestCa {
  const ec = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes"];
  openssl(dir, [
    "req",
    "-x509",
    ...ec,
    "-keyout",
    "ca.key",
    "-out",
    "ca.pem",
    "-days",
    "1",
    "-subj",
    "/CN=mcp-widget-kit deploy test CA",
    "-addext",
    "basicConstraints=critical,CA:TRUE",
    "-addext",
    "keyUsage=critical,keyCertSign,cRLSign",
  ]);
  openssl(dir, [
    "req",
    ...ec,
    "-keyout",
    "site.key",
    "-out",
    "site.csr",
    "-subj",
    `/CN=${names[0]}`,
  ]);
  writeFileSync(
    join(dir, "site.ext"),
    [
      `subjectAltName=${names.map((name) => `DNS:${name}`).join(",")}`,
      "basicConstraints=CA:FALSE",
      "keyUsage=critical,digitalSignature",
      "extendedKeyUsage=serverAuth",
      "",
    ].join("\n"),
  );
  openssl(dir, [
    "x509",
    "-req",
    "-in",
    "site.csr",
    "-CA",
    "ca.pem",
    "-CAkey",
    "ca.key",
    "-CAcreateserial",
    "-out",
    "site.pem",
    "-days",
    "1",
    "-extfile",
    "site.ext",
  ]);
  const caFile = join(dir, "ca.pem");
  return {
    caFile,
    caPem: readFileSync(caFile, "utf8"),
    certFile: join(dir, "site.pem"),
    keyFile: join(dir, "site.key"),
  };
}
