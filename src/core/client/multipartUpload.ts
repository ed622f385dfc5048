// A multipart/form-data body streamed from a file, with its exact length known before sending.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';

export interface MultipartUpload {
  readonly contentType: string;
  /** Exact byte length, so the request carries Content-Length and the progress a total. */
  readonly length: number;
  readonly body: AsyncIterable<Uint8Array>;
}

/**
 * Builds the body of a form with text fields and one file part. The file is read in chunks as the request goes out,
 * so a backup of any size is never held in memory. (Written here rather than with undici's FormData so that the
 * length is known up front and upload progress can be counted.)
 */
export async function multipartUpload(
  fields: Readonly<Record<string, string>>,
  file: { field: string; path: string; fileName: string },
): Promise<MultipartUpload> {
  const boundary = `----json2-explorer-${randomBytes(12).toString('hex')}`;
  const quote = (text: string): string => text.replace(/["\r\n\\]/g, (c) => encodeURIComponent(c));
  const head = Buffer.from(
    Object.entries(fields)
      .map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${quote(name)}"\r\n\r\n${value}\r\n`)
      .join('') +
      `--${boundary}\r\nContent-Disposition: form-data; name="${quote(file.field)}"; filename="${quote(file.fileName)}"\r\n` +
      'Content-Type: application/octet-stream\r\n\r\n',
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const { size } = await fs.promises.stat(file.path);
  async function* body(): AsyncIterable<Uint8Array> {
    yield head;
    for await (const chunk of fs.createReadStream(file.path, { highWaterMark: 256 * 1024 })) yield chunk as Buffer;
    yield tail;
  }
  return { contentType: `multipart/form-data; boundary=${boundary}`, length: head.length + size + tail.length, body: body() };
}
