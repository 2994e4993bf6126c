/**
 * Custom authentication: your server, after signing the user in with your own system, asks the
 * Brand API for a magic link and redirects the browser to it.
 */
import type { BodyOf, BrandApiClient } from '@brand-api/client';

export interface YourSignedInUser {
  id: string;
  email: string;
  emailVerified: boolean;
  firstName: string;
  lastName?: string;
}

export type MagicLinkRequest = BodyOf<'createMagicLink'>;

// #region magic-link
/**
 * Returns the URL to redirect the user's browser to. `state` (≤ 256 characters) comes back on
 * the redirect after sign-in; `returnTo` (a path starting with one "/", ≤ 100 characters) is
 * where the community opens.
 */
export async function communitySignInUrl(
  client: BrandApiClient,
  user: YourSignedInUser,
  returnTo = '/',
  state?: string,
): Promise<string> {
  const link = await client.magicLinks.create({
    customAuthSub: user.id, // your own, stable user id: finds or creates the member
    email: user.email,
    isEmailVerified: user.emailVerified,
    firstName: user.firstName,
    lastName: user.lastName,
    returnTo,
    state,
  });
  console.log(`Member ${link.userId} is signing in`);
  return link.magicLink; // single use, valid for 15 minutes: redirect at once
}
// #endregion magic-link
