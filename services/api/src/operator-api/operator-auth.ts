import { createHash, timingSafeEqual } from 'node:crypto';
import { ApiError } from '@brand-api/contracts';
import type { Middleware } from 'koa';
import { bearerToken } from '../http/bearer-token';
import type { AuthState } from '../http/mount-operations';

export interface OperatorPrincipal {
  kind: 'operator';
  id: string;
}

export type AdminState = AuthState<OperatorPrincipal>;

export function hashAdminToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/**
 * Guards the operator API with the admin token. Only its SHA-256 is held; the presented token
 * is hashed and compared in constant time. Without a configured hash nothing gets in. Mounted
 * for the operator surface's prefix by `surfaces` (http/surfaces.ts).
 */
export function adminAuthentication(adminTokenHash: string | undefined): Middleware<AdminState> {
  if (adminTokenHash !== undefined && !/^[0-9a-f]{64}$/.test(adminTokenHash)) {
    throw new Error('adminTokenHash must be a hex SHA-256 digest');
  }
  const expected = adminTokenHash === undefined ? undefined : Buffer.from(adminTokenHash, 'hex');
  return async (ctx, next) => {
    const token = bearerToken(ctx.get('authorization'));
    const presented = token === undefined ? undefined : createHash('sha256').update(token).digest();
    if (!expected || !presented || !timingSafeEqual(expected, presented)) {
      throw new ApiError('ADMIN_UNAUTHORIZED');
    }
    ctx.state.auth = { kind: 'operator', id: 'admin' };
    await next();
  };
}
