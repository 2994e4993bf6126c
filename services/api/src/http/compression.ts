import { Stream } from 'node:stream';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Context, Middleware } from 'koa';

/** Answers smaller than this go out as they are: compressing them saves less than it costs. */
export const compressAboveBytes = 1024;

type Encoding = 'br' | 'gzip';

const encoders: Record<Encoding, (bytes: Buffer) => Promise<Buffer>> = {
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
 * The encoding an answer goes out with: br or gzip, whichever the client's `Accept-Encoding`
 * prefers by its q-values (on a tie, the one it lists first; `identity` and a q of 0 are
 * honoured), for a body over the threshold not yet encoded; undefined when it goes out as it is.
 * Conditional GETs ask it too, to tag the representation that will be sent.
 */
export function encodingFor(ctx: Context, threshold: number): Encoding | undefined {
  const preferred = preferredEncoding(ctx);
  return preferred && encodable(ctx, threshold) ? preferred : undefined;
}

const preferredEncoding = (ctx: Context): Encoding | undefined => {
  const preferred = ctx.acceptsEncodings('br', 'gzip', 'identity');
  return preferred === 'br' || preferred === 'gzip' ? preferred : undefined;
};

/**
 * Compresses answers over 1 KB in the encoding {@link encodingFor} chooses, and says so in
 * `Vary: Accept-Encoding`. Streams (the NDJSON export) go out as they are. Only compresses:
 * entity tags and 304s are `conditionalGet`'s (`conditional.ts`), which runs inside it.
 */
export function compression(threshold = compressAboveBytes): Middleware {
  return async function compress(ctx, next) {
    await next();
    ctx.vary('Accept-Encoding');
    const encoding = preferredEncoding(ctx);
    const bytes = encoding && encodable(ctx, threshold);
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
