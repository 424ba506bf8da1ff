// The local stand-in for Google's consent screen: a plain HTML form, loudly labelled as not Google, that
// asks only for the email to sign in with. It posts to /callback with the flow's state, as Google would
// redirect there. Everything interpolated is escaped.

const escape = (text: string): string => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

export const PAGE_TITLE = 'Local Google sign-in (Tillpoint local stack — not Google)';

function page(body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(PAGE_TITLE)}</title>
<style>
  body { font-family: system-ui, sans-serif; max-width: 28rem; margin: 3rem auto; padding: 0 1rem; color: #1f2937; }
  .banner { background: #fef3c7; border: 1px solid #f59e0b; padding: .75rem; border-radius: .5rem; }
  label { display: block; margin-top: 1rem; font-weight: 600; }
  input { width: 100%; padding: .5rem; margin-top: .25rem; box-sizing: border-box; font-size: 1rem; }
  button { margin-top: 1.25rem; padding: .6rem 1.2rem; font-size: 1rem; }
  a { display: inline-block; margin-top: 1rem; }
</style>
</head>
<body>
<h1>${escape(PAGE_TITLE)}</h1>
${body}
</body>
</html>`;
}

export interface SignInPage {
  action: string;
  cancel: string;
  email: string;
  linking: boolean;
}

export function signInPage(options: SignInPage): string {
  const purpose = options.linking
    ? 'Choose the Google account to link to your Tillpoint account.'
    : 'Choose the Google account to continue to Tillpoint with.';
  return page(`<p class="banner">This page is served by the Tillpoint local stack for development and tests.
No data goes to Google: any email you enter becomes a local "Google" identity.</p>
<p>${purpose}</p>
<form method="post" action="${escape(options.action)}">
  <label for="email">Email</label>
  <input id="email" name="email" type="email" required autocomplete="email" autofocus value="${escape(options.email)}">
  <label for="name">Name (optional)</label>
  <input id="name" name="name" type="text" autocomplete="name">
  <button type="submit">Continue</button>
</form>
<a href="${escape(options.cancel)}">Cancel</a>`);
}

export function errorPage(message: string): string {
  return page(`<p class="banner">${escape(message)}</p>`);
}

/** A round avatar with the name's initial, so avatar_url points at something real. */
export function avatarSvg(name: string): string {
  const initial = escape(name.trim().charAt(0).toUpperCase() || '?');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96"><circle cx="48" cy="48" r="48" fill="#4285f4"/><text x="48" y="62" font-family="sans-serif" font-size="44" fill="#fff" text-anchor="middle">${initial}</text></svg>`;
}
