/**
 * Custom authentication: your server, after signing the user in with your own system, asks the
 * Brand API for a magic link and redirects the browser to it.
 */
import { brandApi, type BrandApiOptions } from './brand-api-client';

export interface YourSignedInUser {
  id: string;
  email: string;
  emailVerified: boolean;
  firstName: string;
  lastName?: string;
}

// #region magic-link
export interface MagicLinkRequest {
  customAuthSub: string;
  email?: string;
  phoneNumber?: string;
  isEmailVerified?: boolean;
  firstName?: string;
  lastName?: string;
  profilePictureUrl?: string;
  state?: string;
  returnTo?: string;
}

export interface MagicLinkResponse {
  magicLink: string;
  userId: string;
}

/**
 * Returns the URL to redirect the user's browser to. `state` (≤ 256 characters) comes back on
 * the redirect after sign-in; `returnTo` (a path starting with one "/", ≤ 100 characters) is
 * where the community opens.
 */
export async function communitySignInUrl(
  options: BrandApiOptions,
  user: YourSignedInUser,
  returnTo = '/',
  state?: string,
): Promise<string> {
  const request: MagicLinkRequest = {
    customAuthSub: user.id, // your own, stable user id: finds or creates the member
    email: user.email,
    isEmailVerified: user.emailVerified,
    firstName: user.firstName,
    returnTo,
  };
  if (user.lastName !== undefined) request.lastName = user.lastName;
  if (state !== undefined) request.state = state;
  const link = await brandApi<MagicLinkResponse>(options, 'POST', '/magic-link', request);
  console.log(`Member ${link.userId} is signing in`);
  return link.magicLink; // single use, valid for 15 minutes: redirect at once
}
// #endregion magic-link
