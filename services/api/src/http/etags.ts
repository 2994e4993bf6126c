import { ApiError } from '@brand-api/contracts';
import type { ExpectedVersions } from '../application/preconditions';

/**
 * A resource's version as a strong entity tag: the version of its event stream, `"3"`. Every
 * event of the stream moves it, and two answers with one tag show the same resource byte for
 * byte, which is what a strong validator promises.
 */
export const etagOf = (version: number): string => `"${version}"`;

/** One entity tag (RFC 9110 §8.8.3): optionally weak, then opaque characters in quotes. */
const entityTag = /^(W\/)?"([\x21\x23-\x7e\x80-\xff]*)"$/;
/**
 * A version as this API tags it: `3`, or `3-gzip` / `3-br` as the compression middleware tags
 * the encoded answers of version 3 (one representation, one tag). A client sends back the tag
 * it got, so `If-Match` takes all three as naming version 3.
 */
const versionTag = /^(0|[1-9][0-9]{0,9})(?:-(?:gzip|br))?$/;

/**
 * The versions an `If-Match` header names: `*` (any version, the resource has to exist) or a
 * list of entity tags. If-Match compares strongly, so a weak tag, or a tag this API never
 * answers, names no version (the write is then refused as 412 unless another tag matches).
 * Anything else is not an If-Match: 400, naming the header. No header: undefined.
 */
export function expectedVersionsOf(header: string | undefined): ExpectedVersions | undefined {
  if (header === undefined) return undefined;
  if (header.trim() === '*') return 'any';
  // Empty list elements are ignored (RFC 9110 §5.6.1.2); a header of none names nothing.
  const tags = header
    .split(',')
    .map((tag) => tag.trim())
    .filter((tag) => tag !== '');
  if (tags.length === 0) throw malformed();
  const versions: number[] = [];
  for (const tag of tags) {
    const match = entityTag.exec(tag);
    if (!match) throw malformed();
    const [, weak, opaque = ''] = match;
    const version = versionTag.exec(opaque);
    if (weak === undefined && version) versions.push(Number(version[1]));
  }
  return versions;
}

function malformed(): ApiError {
  return new ApiError('VALIDATION_FAILED', {
    message:
      'If-Match must be * or a list of entity tags such as "3", as the ETag header gives them',
    details: [
      {
        location: 'header',
        field: 'If-Match',
        message: 'must be * or a list of quoted entity tags',
      },
    ],
  });
}

/** The `If-Match` of a request, parsed (several If-Match headers arrive joined by commas). */
export function expectedVersionsIn(ctx: {
  headers: Record<string, string | string[] | undefined>;
}) {
  const header = ctx.headers['if-match'];
  return expectedVersionsOf(Array.isArray(header) ? header.join(', ') : header);
}

/** A resource's answer: `{ data }`, with its version as the `ETag` header. */
export function versionedAnswer<T>(resource: { data: T; version: number }): {
  body: { data: T };
  headers: { ETag: string };
} {
  return { body: { data: resource.data }, headers: { ETag: etagOf(resource.version) } };
}
