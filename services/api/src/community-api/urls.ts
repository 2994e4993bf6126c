import { resolveReturnTo } from '@brand-api/contracts';

/**
 * Where things live on the community site, all under PUBLIC_URL: the magic-link redemption
 * endpoint and each post's page.
 */
export const communityPrefix = '/community/v1';

export const magicLinkPath = `${communityPrefix}/auth/magic-link`;

export function magicLinkUrl(publicUrl: string, token: string): string {
  return `${publicUrl}${magicLinkPath}?token=${encodeURIComponent(token)}`;
}

export function postUrl(publicUrl: string, postId: string): string {
  return `${publicUrl}/posts/${postId}`;
}

/**
 * The redirect after sign-in: the link's `returnTo` (a relative path, `/` by default) with
 * `state` added to its query, kept relative so it always lands on the community site. A
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
