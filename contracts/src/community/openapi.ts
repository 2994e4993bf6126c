/** The community API's OpenAPI document (`GET /community/v1/openapi.json`). */
import type { ErrorCode } from '../error-catalogue';
import { buildOperationsDocument } from '../openapi/operations-document';
import type { JsonSchema } from '../openapi/json-schema';
import type { OperationContract } from '../operator/operation';
import { anyRequest, jsonBody } from '../routes/route-errors';
import { memberCommunityOperations, publicCommunityOperations } from './operations';

const memberOperationIds = new Set<string>(memberCommunityOperations.map((op) => op.operationId));

/** What any community call can answer, given the parts it has and whether it needs a session. */
function communityErrors(op: OperationContract): ErrorCode[] {
  const codes: ErrorCode[] = ['INTERNAL', 'SERVICE_UNAVAILABLE', ...anyRequest];
  if (op.params || op.body) codes.push('VALIDATION_FAILED');
  if (op.body) codes.push(...jsonBody);
  if (op.method !== 'get') codes.push('ORIGIN_NOT_ALLOWED');
  if (memberOperationIds.has(op.operationId)) {
    codes.push('SESSION_REQUIRED', 'MEMBER_BANNED', 'NOT_FOUND');
  }
  return codes;
}

export function buildCommunityOpenApi(): JsonSchema {
  return buildOperationsDocument({
    title: 'Community API',
    summary: 'Sign-up, sign-in by magic link, posts, comments and likes of a brand’s members.',
    description:
      'The API the community web app calls for a signed-in member, with the session cookie set when a magic link is followed. Calls that change something must come from the community’s own site (`Origin`). Errors have the format of the Brand API, with the request id in every error body.',
    basePath: '/community/v1',
    security: {
      name: 'session',
      scheme: {
        type: 'apiKey',
        in: 'cookie',
        name: 'community_session',
        description: 'The session cookie set when a member follows a magic link.',
      },
      requiredBy: (op) => memberOperationIds.has(op.operationId),
    },
    commonErrors: communityErrors,
    groups: [
      {
        tag: 'Sign-in',
        description: 'Signing up, signing in by magic link, signing out.',
        operations: publicCommunityOperations,
      },
      {
        tag: 'Posts',
        description: 'Posts, comments, likes and pins of a signed-in member.',
        operations: memberCommunityOperations,
      },
    ],
  });
}
