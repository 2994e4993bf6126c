import { resolveReturnTo } from '@brand-api/contracts';

/**
 * Where things live: the magic-link redemption endpoint on the API (PUBLIC_URL), and the
 * members' pages (a redeemed link's `returnTo`, each post) on the members' front end
 * (MEMBERS_URL). Without MEMBERS_URL those pages are the API's landing page, which says who
 * signed in and that the setting is missing, rather than a 404 on the API host.
 */
export const communityPrefix = '/community/v1';

export const magicLinkPath = `${communityPrefix}/auth/magic-link`;

export const membersLandingPath = `${communityPrefix}/landing`;

/** PUBLIC_URL and MEMBERS_URL, as the app was configured. */
export interface SiteUrls {
  publicUrl: string;
  membersUrl: string | undefined;
}

export function magicLinkUrl(publicUrl: string, token: string): string {
  return `${publicUrl}${magicLinkPath}?token=${encodeURIComponent(token)}`;
}

/**
 * The members' page at `path` (relative, with its query): under MEMBERS_URL, or the landing
 * page on the API host with the path it stands in for. `origin: false` leaves the API host's
 * origin out (a redirect stays on whatever host the browser used).
 */
export function membersPageUrl(site: SiteUrls, path: string, origin = true): string {
  if (site.membersUrl !== undefined) return `${site.membersUrl}${path}`;
  return `${origin ? site.publicUrl : ''}${membersLandingPath}?to=${encodeURIComponent(path)}`;
}

export function postUrl(site: SiteUrls, postId: string): string {
  return membersPageUrl(site, `/posts/${postId}`);
}

/**
 * The page after sign-in: the link's `returnTo` (a relative path, `/` by default) with
 * `state` added to its query, relative to the members' front end (see membersPageUrl). A
 * `returnTo` that would leave the site is refused when the link is created; one stored before
 * that check existed lands on `/`.
 */
export function returnLocation(returnTo: string | null, state: string | null): string {
  const anyOrigin = 'http://community.invalid';
  const target =
    (returnTo === null ? undefined : resolveReturnTo(returnTo, anyOrigin)) ??
    new URL('/', anyOrigin);
  if (state !== null) target.searchParams.set('state', state);
  return `${target.pathname}${target.search}${target.hash}`;
}
