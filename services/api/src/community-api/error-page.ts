import { createHash } from 'node:crypto';
import type { ApiError } from '@brand-api/contracts';

const style =
  'body{font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;line-height:1.5;color:#1f2937}' +
  'h1{font-size:1.5rem}code{background:#f3f4f6;padding:0 .25rem}';

/**
 * The page's Content-Security-Policy: nothing may load or run but its own inline style, named
 * by its hash, so even markup that slipped into the page could not run a script.
 */
export const signInErrorPagePolicy = [
  "default-src 'none'",
  `style-src 'sha256-${createHash('sha256').update(style).digest('base64')}'`,
  "frame-ancestors 'none'",
  "base-uri 'none'",
  "form-action 'none'",
].join('; ');

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

function explanation(code: string): string {
  switch (code) {
    case 'MEMBER_BANNED':
      return `<p>You have not been signed in: this community has banned your account.</p>
<p>If you think this is a mistake, contact the brand that runs the community.</p>`;
    case 'CUSTOM_AUTH_NOT_ENABLED':
      return `<p>You have not been signed in: this community no longer signs members in through the brand's own website, so links sent before that change no longer work.</p>
<p>Go back to the site you came from.</p>`;
    default:
      return `<p>You have not been signed in. Sign-in links work once and expire 15 minutes after they are sent.</p>
<p>Go back to the site you came from and sign in again to get a new link.</p>`;
  }
}

/**
 * A page a person can read when a sign-in link does not work: what happened and what to do.
 * Nothing of the token or the member is shown.
 */
export function signInErrorPage(error: ApiError): string {
  const title = escapeHtml(error.message);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${title}</title>
<style>${style}</style>
</head>
<body>
<main>
<h1>${title}</h1>
${explanation(error.code)}
<p><small>Error code: <code>${escapeHtml(error.code)}</code></small></p>
</main>
</body>
</html>
`;
}
