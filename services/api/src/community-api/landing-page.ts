import type { Member } from '@brand-api/contracts';
import { escapeHtml, htmlPage } from './html-page';

/** Who the landing page greets: the member of the browser's live session, if any. */
export interface LandingVisitor {
  member: Pick<Member, 'firstName' | 'lastName' | 'email'> | undefined;
  brandName: string | undefined;
}

/**
 * The page a redeemed magic link or a post's `url` leads to while the server has no
 * MEMBERS_URL: who signed in, the members' page they were sent to, and the setting that would
 * have taken them there. Meant for the brand's developer trying the flow, so it names the
 * variable and what it changes.
 */
export function membersLandingPage(visitor: LandingVisitor, to: string): string {
  const { member, brandName } = visitor;
  const who = member
    ? `<p>You are signed in as <strong>${escapeHtml(
        [member.firstName, member.lastName].filter(Boolean).join(' '),
      )}</strong> (${escapeHtml(member.email)})${
        brandName === undefined ? '' : ` in the community of ${escapeHtml(brandName)}`
      }.</p>`
    : '<p>Nobody is signed in in this browser: no live community session.</p>';
  return htmlPage(
    member ? 'Signed in' : "The members' front end",
    `${who}
<p>You were sent to the members' page <code>${escapeHtml(to)}</code>, but this server does not know where the members' front end is, so this page on the API server stands in for it.</p>
<p>To send members there, set <code>MEMBERS_URL</code> to the address of your members' front end (for example <code>MEMBERS_URL=https://community.example.com</code>) and restart the server. A redeemed magic link then redirects to <code>MEMBERS_URL</code> followed by the link's <code>returnTo</code> (and <code>state</code>), and each post's <code>url</code> is <code>MEMBERS_URL/posts/{id}</code>.</p>`,
  );
}
