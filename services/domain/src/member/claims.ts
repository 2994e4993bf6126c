/**
 * Per-brand unique member values are held by claim streams appended with expected version
 * `no_stream`: the event store itself refuses a second claim, never a read table. The value is
 * URI-encoded so any user id of the brand's auth makes a well-formed stream name.
 */
import type {
  CustomAuthSubClaimed,
  MemberEmailClaimed,
  UsernameClaimed,
} from '@brand-api/contracts';

export const customAuthSubClaimStreamName = (brandId: string, customAuthSub: string): string =>
  `memberCustomAuthSub-${brandId}-${encodeURIComponent(customAuthSub)}`;

export const usernameClaimStreamName = (brandId: string, username: string): string =>
  `memberUsername-${brandId}-${encodeURIComponent(username)}`;

/** Sign-up emails are unique per brand whatever their case: the claim is on this form. */
export const emailClaimKey = (email: string): string => email.toLowerCase();

/**
 * Named by the SHA-256 of {@link emailClaimKey}, so no address appears in a stream name. The
 * edge computes it: the domain imports no Node built-ins.
 */
export const emailClaimStreamName = (brandId: string, emailDigest: string): string =>
  `memberEmail-${brandId}-${emailDigest}`;

export function claimEmail(brandId: string, email: string, memberId: string): MemberEmailClaimed {
  return {
    type: 'MemberEmailClaimed',
    schemaVersion: 1,
    data: { brandId, email: emailClaimKey(email), memberId },
  };
}

export function claimCustomAuthSub(
  brandId: string,
  customAuthSub: string,
  memberId: string,
): CustomAuthSubClaimed {
  return {
    type: 'CustomAuthSubClaimed',
    schemaVersion: 1,
    data: { brandId, customAuthSub, memberId },
  };
}

export function claimUsername(
  brandId: string,
  username: string,
  memberId: string,
): UsernameClaimed {
  return { type: 'UsernameClaimed', schemaVersion: 1, data: { brandId, username, memberId } };
}
