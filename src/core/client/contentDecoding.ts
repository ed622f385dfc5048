// Decodes a compressed answer body (gzip, deflate, br) without letting it grow past the size limit.
import { promisify } from 'node:util';
import type zlibModule from 'node:zlib';
import { TransportError } from './clientErrors';

type Decoder = (body: Buffer, options: zlibModule.ZlibOptions | zlibModule.BrotliOptions) => Promise<Buffer>;

let decoders: { gunzip: Decoder; inflate: Decoder; inflateRaw: Decoder; brotli: Decoder } | undefined;

/** node:zlib, loaded on the first compressed answer only (a command-line run rarely gets one). */
function zlibDecoders(): NonNullable<typeof decoders> {
  if (decoders) return decoders;
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const zlib = require('node:zlib') as typeof zlibModule;
  decoders = {
    gunzip: promisify(zlib.gunzip),
    inflate: promisify(zlib.inflate),
    inflateRaw: promisify(zlib.inflateRaw),
    brotli: promisify(zlib.brotliDecompress),
  };
  return decoders;
}

/**
 * Decodes `raw` as its `Content-Encoding` says. The decoded size is capped at `maxBytes` too, so a small compressed
 * answer cannot expand into gigabytes. Unknown encodings are refused rather than handed over as garbage.
 */
export async function decodeContent(raw: Buffer, contentEncoding: string | undefined, maxBytes: number): Promise<Buffer> {
  const encodings = (contentEncoding ?? '')
    .split(',')
    .map((e) => e.trim().toLowerCase())
    .filter((e) => e !== '' && e !== 'identity');
  let body = raw;
  // Encodings are listed in the order they were applied, so they are undone from the last.
  for (const encoding of encodings.reverse()) {
    body = await decodeOne(body, encoding, maxBytes);
  }
  return body;
}

async function decodeOne(body: Buffer, encoding: string, maxBytes: number): Promise<Buffer> {
  const options = { maxOutputLength: maxBytes };
  try {
    const { gunzip, inflate, inflateRaw, brotli } = zlibDecoders();
    switch (encoding) {
      case 'gzip':
      case 'x-gzip':
        return await gunzip(body, options);
      case 'deflate':
        // Servers disagree on whether deflate means zlib-wrapped or raw; the first byte tells.
        return (body[0] & 0x0f) === 0x08 ? await inflate(body, options) : await inflateRaw(body, options);
      case 'br':
        return await brotli(body, options);
      default:
        throw new TransportError('invalidResponse', `The answer uses the content encoding "${encoding}", which this client cannot decode.`);
    }
  } catch (error) {
    if (error instanceof TransportError) throw error;
    if ((error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE' || error instanceof RangeError) {
      throw new TransportError(
        'responseTooLarge',
        `The decompressed answer is over the size limit of ${maxBytes} bytes; ask for fewer records or fields, or raise the limit.`,
        { code: 'RESPONSE_TOO_LARGE' },
      );
    }
    throw new TransportError('invalidResponse', `The ${encoding}-compressed answer is corrupt: ${(error as Error).message}`);
  }
}
