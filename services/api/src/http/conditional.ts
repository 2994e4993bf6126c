import { ApiError } from '@brand-api/contracts';
import type { Context, Middleware } from 'koa';
import { PreconditionFailedError } from '../application/preconditions';
import type { ExpectedVersions } from '../application/preconditions';
import { compressAboveBytes, encodingFor } from './compression';

/*
 * Conditional requests, in one place:
 * - a resource's `ETag` is the version of its event stream (`etagOf`, `versionedAnswer`), and an
 *   encoded answer is another representation with its own tag (`"3-gzip"`, `conditionalGet`);
 * - `If-None-Match` on a GET or HEAD naming the tag of the representation chosen: 304;
 * - `If-Match` on a write names the versions the caller decided on (`expectedVersionsIn`); the
 *   application refuses the command unless its stream is at one of them (`requireVersion` in
 *   `application/preconditions.ts`), which is answered 412 here (`preconditionFailure`).
 */

/**
 * A resource's version as a strong entity tag: the version of its event stream, `"3"`. Every
 * event of the stream moves it, and two answers with one tag show the same resource byte for
 * byte, which is what a strong validator promises.
 */
export const etagOf = (version: number): string => `"${version}"`;

/** One entity tag (RFC 9110 §8.8.3): optionally weak, then opaque characters in quotes. */
const entityTag = /^(W\/)?"([\x21\x23-\x7e\x80-\xff]*)"$/;
/**
 * A version as this API tags it: `3`, or `3-gzip` / `3-br` as `conditionalGet` tags the
 * encoded answers of version 3 (one representation, one tag). A client sends back the tag
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

/** A write refused because the resource is not at a version its `If-Match` named: 412. */
export function preconditionFailure(error: unknown): ApiError | undefined {
  return error instanceof PreconditionFailedError
    ? new ApiError('PRECONDITION_FAILED', { cause: error })
    : undefined;
}

/** A resource's answer: `{ data }`, with its version as the `ETag` header. */
export function versionedAnswer<T>(resource: { data: T; version: number }): {
  body: { data: T };
  headers: { ETag: string };
} {
  return { body: { data: resource.data }, headers: { ETag: etagOf(resource.version) } };
}

/**
 * Conditional GETs, right inside the compression middleware, once the handler has answered:
 * an answer that will be encoded is a different representation, so its entity tag is too
 * (`"3"` becomes `"3-br"`; weak tags stay weak), and a GET or HEAD whose `If-None-Match` names
 * the tag of the representation actually chosen is answered 304 with no body (so nothing is
 * compressed for it). A client holding the gzip answer thus never gets a 304 for the identity
 * one or the other way round.
 */
export function conditionalGet(threshold = compressAboveBytes): Middleware {
  return async function answerNotModified(ctx, next) {
    await next();
    const etag = ctx.response.get('ETag');
    if (!etag) return;
    const encoding = encodingFor(ctx, threshold);
    if (encoding) ctx.set('ETag', encodedTag(etag, encoding));
    if (ctx.fresh) notModified(ctx);
  };
}

/** The tag of a representation encoded with `encoding`: `"3"` → `"3-gzip"`. */
const encodedTag = (etag: string, encoding: string): string => etag.replace(/"$/, `-${encoding}"`);

function notModified(ctx: Context): void {
  ctx.status = 304;
  ctx.body = null;
}
