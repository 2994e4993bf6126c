import { ApiError } from '@brand-api/contracts';
import type { Scope } from '@brand-api/contracts';
import type { Middleware } from 'koa';
import type { AuthState } from '../../http/mount-operations';
import type { ApiKeyAuthenticator, ApiKeyPrincipal } from './api-key-authenticator';
import { bearerToken } from '../../http/bearer-token';

export type ApiKeyState = AuthState<ApiKeyPrincipal>;

/**
 * Authenticates every request of the Brand API surface before routing (mounted for its prefix by
 * `surfaces` in http/surfaces.ts), so an unknown path without a key answers 401 exactly like a
 * known one and reveals nothing about the routes.
 */
export function apiKeyAuthentication(authenticator: ApiKeyAuthenticator): Middleware<ApiKeyState> {
  return async (ctx, next) => {
    const key = bearerToken(ctx.get('authorization'));
    if (key === undefined) throw new ApiError('UNAUTHORIZED');
    const principal = await authenticator.authenticate(key);
    if (!principal) throw new ApiError('INVALID_API_KEY');
    ctx.state.auth = principal;
    await next();
  };
}

/** The scope check of one route, built once per route at app creation. */
export function requireScope(scope: Scope): Middleware<ApiKeyState> {
  return (ctx, next) => {
    if (!ctx.state.auth.scopes.has(scope)) {
      throw new ApiError('FORBIDDEN', {
        message: `This call needs an API key with the scope '${scope}'`,
        details: [
          { location: 'header', field: 'Authorization', message: `missing scope '${scope}'` },
        ],
      });
    }
    return next();
  };
}
