import type { ApiError } from '@brand-api/contracts';
import { escapeHtml, htmlPage } from './html-page';

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
  return htmlPage(
    error.message,
    `${explanation(error.code)}
<p><small>Error code: <code>${escapeHtml(error.code)}</code></small></p>`,
  );
}
