/**
 * The development sign-in's pages driven with plain HTTP requests, as a browser would follow
 * them (the sign-in tests of the SDK client and of metadata-document clients).
 */
/** A tiny cookie jar: the sign-in pages keep their interaction in cookies. */
function cookieJar() {
  const cookies = new Map<string, string>();
  return {
    header: () => [...cookies].map(([name, value]) => `${name}=${value}`).join("; "),
    keep(response: Response) {
      for (const line of response.headers.getSetCookie()) {
        const [pair] = line.split(";");
        const at = pair!.indexOf("=");
        cookies.set(pair!.slice(0, at), pair!.slice(at + 1));
      }
    },
  };
}

/**
 * What a person does in the browser: follows the redirects from the authorization URL, picks
 * `user` on the sign-in page and allows access on the consent page. Returns the `code` and
 * `iss` (RFC 9207) the authorization server sends back to `redirect`.
 */
export async function signInThroughPages(
  authorizationUrl: URL,
  user: string,
  redirect: string,
): Promise<{ code: string; iss: string | undefined }> {
  const jar = cookieJar();
  let url = authorizationUrl;
  let init: RequestInit = { method: "GET" };
  for (let step = 0; step < 12; step += 1) {
    const response = await fetch(url, {
      ...init,
      redirect: "manual",
      headers: { cookie: jar.header(), ...(init.headers as Record<string, string>) },
    });
    jar.keep(response);
    const location = response.headers.get("location");
    if (location) {
      const next = new URL(location, url);
      if (next.href.startsWith(redirect)) {
        const code = next.searchParams.get("code");
        if (!code) throw new Error(`no code: ${next.search}`);
        return { code, iss: next.searchParams.get("iss") ?? undefined };
      }
      url = next;
      init = { method: "GET" };
      continue;
    }
    const html = await response.text();
    if (response.status !== 200) throw new Error(`sign-in page ${response.status}: ${html}`);
    const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1];
    if (!action) throw new Error(`no form: ${html}`);
    const body = html.includes('data-action="allow"') ? "decision=allow" : `user=${user}`;
    url = new URL(action, url);
    init = {
      method: "POST",
      body,
      headers: { "content-type": "application/x-www-form-urlencoded" },
    };
  }
  throw new Error("the sign-in never came back to the redirect URI");
}
