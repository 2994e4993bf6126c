import { requestContext } from '@brand-api/event-store';
import type { CommandContext } from '@brand-api/event-store';
import type { OperatorPrincipal } from './operator-auth';

/** An operator's command on a brand: the metadata of every event the call appends. */
export function operatorContext(
  request: { auth: OperatorPrincipal; requestId: string },
  brandId: string,
): CommandContext {
  return requestContext(
    brandId,
    { kind: 'operator', id: request.auth.id, name: 'operator' },
    request.requestId,
  );
}
