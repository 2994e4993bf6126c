import { Stream } from 'node:stream';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Context, Middleware } from 'koa';

/** Answers smaller than this go out as they are: compressing them saves less than it costs. */
export const compressAboveBytes = 1024;

const encoders = {
  // Quality 4: most of brotli's gain at a fraction of the CPU of its default 11.
  br: (bytes: Buffer) =>
    promisify(brotliCompress)(bytes, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 4,
        [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    }),
  gzip: (bytes: Buffer) => promisify(gzip)(bytes),
};

/**
 * Compresses answers over 1 KB with br or gzip, whichever the client's `Accept-Encoding`
 * prefers by its q-values (on a tie, the one it lists first; `identity` and a q of 0 are honoured), and says so in
 * `Vary: Accept-Encoding`. Streams (the NDJSON export) go out as they are.
 *
 * An encoded answer is a different representation, so its entity tag is too: `"3"` becomes
 * `"3-br"` (weak tags stay weak). Then, with the tag of the representation actually chosen,
 * a GET or HEAD whose `If-None-Match` names it is answered 304: this is the one place
 * conditional GETs are decided, so a client holding the gzip answer never gets a 304 for the
 * identity one or the other way round.
 */
export function compression(threshold = compressAboveBytes): Middleware {
  return async function compress(ctx, next) {
    await next();
    ctx.vary('Accept-Encoding');
    const preferred = ctx.acceptsEncodings('br', 'gzip', 'identity');
    const encoding = preferred === 'br' || preferred === 'gzip' ? preferred : undefined;
    const bytes = encoding && encodable(ctx, threshold);
    const etag = ctx.response.get('ETag');
    if (bytes && etag) ctx.set('ETag', etag.replace(/"$/, `-${encoding}"`));
    if (etag && ctx.fresh) {
      ctx.status = 304;
      ctx.body = null;
      return;
    }
    if (bytes && encoding) {
      const type = ctx.type;
      ctx.body = await encoders[encoding](bytes);
      ctx.type = type;
      ctx.set('content-encoding', encoding);
    }
  };
}

/** The answer's bytes when it may be compressed: a body over the threshold, not yet encoded. */
function encodable(ctx: Context, threshold: number): Buffer | undefined {
  const body: unknown = ctx.body;
  if (body === undefined || body === null || body instanceof Stream) return undefined;
  if (ctx.status === 204 || ctx.status === 304) return undefined;
  if (ctx.response.get('Content-Encoding')) return undefined;
  const bytes =
    typeof body === 'string'
      ? Buffer.from(body)
      : Buffer.isBuffer(body)
        ? body
        : Buffer.from(JSON.stringify(body));
  return bytes.length > threshold ? bytes : undefined;
}
