/**
 * The sign-in and consent pages of the development authorization server: plain HTML forms,
 * every dynamic value escaped. Sign-in is a choice between the test users (no password).
 */
import type { DevTestUser } from "./dev-test-users.ts";

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escape(title)}</title>
<meta name="viewport" content="width=device-width,initial-scale=1">
<style>body{font:16px system-ui,sans-serif;max-width:28rem;margin:3rem auto;padding:0 1rem}
button{font:inherit;padding:.5rem 1rem;margin:.25rem .5rem .25rem 0;cursor:pointer}
.note{color:#555;font-size:.9rem}</style></head><body>${body}</body></html>`;
}

/** The sign-in page: one button per test user. */
export function signInPage(
  uid: string,
  clientName: string,
  appName: string,
  users: readonly DevTestUser[],
): string {
  const buttons = users
    .map(
      (user) =>
        `<button type="submit" name="user" value="${escape(user.id)}" data-user="${escape(user.id)}">${escape(user.name)}</button>`,
    )
    .join("");
  return page(
    "Sign in",
    `<h1>Sign in</h1><p>${escape(clientName)} wants you to sign in to ${escape(appName)}.</p>
<form method="post" action="/interaction/${escape(uid)}/login">${buttons}</form>
<p class="note">Development authorization server: test users only, no passwords.</p>`,
  );
}

/** The consent page: the scopes asked for, Allow or Deny. */
export function consentPage(
  uid: string,
  clientName: string,
  userName: string,
  scopes: readonly string[],
): string {
  const list = scopes.map((scope) => `<li><code>${escape(scope)}</code></li>`).join("");
  return page(
    "Allow access",
    `<h1>Allow access</h1><p>Signed in as <strong data-signed-in>${escape(userName)}</strong>.</p>
<p>${escape(clientName)} asks for:</p><ul>${list || "<li>sign-in only</li>"}</ul>
<form method="post" action="/interaction/${escape(uid)}/confirm">
<button type="submit" name="decision" value="allow" data-action="allow">Allow</button>
<button type="submit" name="decision" value="deny" data-action="deny">Deny</button></form>`,
  );
}
