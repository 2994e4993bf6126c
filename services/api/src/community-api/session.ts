import { ApiError } from '@brand-api/contracts';
import {
  createMemberSession,
  deleteExpiredMemberSessions,
  deleteMemberSession,
  findMemberSession,
} from './member-sessions';
import type { Middleware } from 'koa';
import type { AuthState } from '../http/mount-operations';
import type { AppServices } from '../services';
import { generateToken, hashToken, looksLikeToken } from '../application/community';
import { communityPrefix } from './urls';

export const sessionCookieName = 'community_session';

/**
 * Sessions last 30 days. Each browser that signs in gets its own: a new sign-in does not end the
 * member's sessions elsewhere; signing out ends the one session it is sent with.
 */
export const sessionTtlMs = 30 * 24 * 60 * 60 * 1000;

/** The signed-in member behind a community request. */
export interface MemberPrincipal {
  memberId: string;
  brandId: string;
}

export type MemberState = AuthState<MemberPrincipal>;

/**
 * Starts a session and returns its Set-Cookie header: HttpOnly (no script reads it), SameSite
 * Lax (not sent on cross-site POSTs; the Origin check of `same-origin.ts` refuses them as well),
 * Secure when the site is served over https, scoped to the community API.
 */
export async function startSession(
  services: AppServices,
  member: MemberPrincipal,
  options: { secure: boolean },
): Promise<string> {
  const token = generateToken();
  const now = services.clock();
  await createMemberSession(services.db, {
    tokenHash: hashToken(token),
    memberId: member.memberId,
    brandId: member.brandId,
    createdAt: now.toISOString(),
    expiresAt: new Date(now.getTime() + sessionTtlMs).toISOString(),
  });
  // Sign-ins are rare next to requests: a good moment to drop sessions that have run out.
  await deleteExpiredMemberSessions(services.db, now);
  return sessionCookie(token, Math.floor(sessionTtlMs / 1000), options);
}

/**
 * Ends the session whose cookie the request carries, if any, and returns the Set-Cookie header
 * that removes the cookie from the browser. Idempotent: signing out twice is not an error.
 */
export async function endSession(
  services: AppServices,
  token: string | undefined,
  options: { secure: boolean },
): Promise<string> {
  if (looksLikeToken(token)) await deleteMemberSession(services.db, hashToken(token));
  return sessionCookie('', 0, options);
}

function sessionCookie(value: string, maxAgeSeconds: number, options: { secure: boolean }) {
  return [
    `${sessionCookieName}=${value}`,
    `Path=${communityPrefix}`,
    `Max-Age=${maxAgeSeconds}`,
    'HttpOnly',
    'SameSite=Lax',
    ...(options.secure ? ['Secure'] : []),
  ].join('; ');
}

/** The member whose live session the cookie names, if any. */
export async function sessionMember(
  services: AppServices,
  token: string | undefined,
): Promise<MemberPrincipal | undefined> {
  if (!looksLikeToken(token)) return undefined;
  const session = await findMemberSession(services.db, hashToken(token), services.clock());
  return session && { memberId: session.memberId, brandId: session.brandId };
}

/** Requires a live session cookie: 401 SESSION_REQUIRED otherwise. */
export function requireMemberSession(services: AppServices): Middleware<MemberState> {
  return async (ctx, next) => {
    const member = await sessionMember(services, ctx.cookies.get(sessionCookieName));
    if (!member) throw new ApiError('SESSION_REQUIRED');
    ctx.state.auth = member;
    await next();
  };
}
