/** The OpenAPI side of guide links: walks the operations and webhooks, edits descriptions. */
import { guideLinkFor, webhookGuideLink, withGuideLink } from '../src/config/guide-links';

interface Operation {
  operationId?: string;
  description?: string;
}
/** Operations by method, beside `parameters`, `summary` and the like. */
type PathItem = Record<string, unknown>;
export interface OpenApiDocument {
  paths?: Record<string, PathItem>;
  webhooks?: Record<string, PathItem>;
}

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

function operations(item: PathItem): Operation[] {
  return METHODS.flatMap((method) => {
    const operation = item[method];
    return typeof operation === 'object' && operation !== null ? [operation] : [];
  });
}

/** Edits the document in place; returns how many operations got a link. */
export function linkOperationsToGuides(document: OpenApiDocument): number {
  let linked = 0;
  for (const item of Object.values(document.paths ?? {})) {
    for (const operation of operations(item)) {
      const link =
        operation.operationId === undefined ? undefined : guideLinkFor(operation.operationId);
      if (link === undefined || operation.description?.includes('**Guide:**')) continue;
      operation.description = withGuideLink(operation.description, link);
      linked += 1;
    }
  }
  for (const [eventType, item] of Object.entries(document.webhooks ?? {})) {
    for (const operation of operations(item)) {
      if (operation.description?.includes('**Guide:**')) continue;
      operation.description = withGuideLink(operation.description, webhookGuideLink(eventType));
      linked += 1;
    }
  }
  return linked;
}
