import { createHash } from 'node:crypto';

const style =
  'body{font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;line-height:1.5;color:#1f2937}' +
  'h1{font-size:1.5rem}code{background:#f3f4f6;padding:0 .25rem}';

/**
 * The Content-Security-Policy of the API's few HTML pages (the sign-in error page, the members'
 * landing page): nothing may load or run but their one inline style, named by its hash, so even
 * markup that slipped into a page could not run a script.
 */
export const htmlPagePolicy = [
  "default-src 'none'",
  `style-src 'sha256-${createHash('sha256').update(style).digest('base64')}'`,
  "frame-ancestors 'none'",
  "base-uri 'none'",
  "form-action 'none'",
].join('; ');

export const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** A small page a person reads: `title` is escaped here, `main` is trusted markup. */
export function htmlPage(title: string, main: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>${style}</style>
</head>
<body>
<main>
<h1>${escapeHtml(title)}</h1>
${main}
</main>
</body>
</html>
`;
}
