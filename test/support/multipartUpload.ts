// A multipart/form-data request written by hand, so that a test controls the order of the parts and when each piece
// of the file is sent (an upload held half-way, a client that goes away, a body larger than a limit).
import crypto from 'node:crypto';
import http from 'node:http';

export type FormPart = { name: string; value: string } | { name: string; filename: string; content: Buffer };

export interface StreamedUpload {
  request: http.ClientRequest;
  /** The answer, with its body read. */
  answer: Promise<{ status: number; headers: http.IncomingHttpHeaders; text: string }>;
  /** Writes the body up to `bytes` of the file part's content (the parts before it included). */
  sendUntil(bytes: number): Promise<void>;
  /** Writes the rest of the body and ends the request. */
  finish(): Promise<void>;
}

function partHead(boundary: string, part: FormPart): string {
  const disposition = 'filename' in part ? `form-data; name="${part.name}"; filename="${part.filename}"` : `form-data; name="${part.name}"`;
  return `--${boundary}\r\nContent-Disposition: ${disposition}\r\n${'filename' in part ? 'Content-Type: application/octet-stream\r\n' : ''}\r\n`;
}

/** The whole body of `parts`, in their order. */
export function multipartBody(parts: readonly FormPart[]): { boundary: string; body: Buffer } {
  const boundary = `----json2test${crypto.randomBytes(8).toString('hex')}`;
  const pieces = parts.flatMap((part) => [
    Buffer.from(partHead(boundary, part)),
    'filename' in part ? part.content : Buffer.from(part.value),
    Buffer.from('\r\n'),
  ]);
  return { boundary, body: Buffer.concat([...pieces, Buffer.from(`--${boundary}--\r\n`)]) };
}

/** Starts a POST of `parts` to `url` and sends nothing yet; the body's length is announced unless `chunked`. */
export function streamedUpload(url: string, parts: readonly FormPart[], options: { chunked?: boolean } = {}): StreamedUpload {
  const { boundary, body } = multipartBody(parts);
  const fileIndex = parts.findIndex((part) => 'filename' in part);
  const fileStart =
    parts
      .slice(0, Math.max(fileIndex, 0))
      .reduce(
        (size, part) =>
          size +
          Buffer.byteLength(partHead(boundary, part)) +
          ('filename' in part ? part.content.length : Buffer.byteLength(part.value)) +
          2,
        0,
      ) + (fileIndex >= 0 ? Buffer.byteLength(partHead(boundary, parts[fileIndex])) : 0);
  const request = http.request(url, {
    method: 'POST',
    agent: false,
    headers: { 'Content-Type': `multipart/form-data; boundary=${boundary}`, ...(options.chunked ? {} : { 'Content-Length': body.length }) },
  });
  const answer = new Promise<{ status: number; headers: http.IncomingHttpHeaders; text: string }>((resolve, reject) => {
    request.on('response', (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, text: Buffer.concat(chunks).toString('utf8') }),
      );
      response.on('error', reject);
    });
    request.on('error', reject);
  });
  let sent = 0;
  const write = (until: number) =>
    new Promise<void>((resolve, reject) => {
      const piece = body.subarray(sent, until);
      sent = Math.max(sent, until);
      if (piece.length === 0) {
        resolve();
        return;
      }
      request.write(piece, (error) => (error ? reject(error) : resolve()));
    });
  return {
    request,
    answer,
    sendUntil: (bytes) => write(fileStart + bytes),
    finish: async () => {
      await write(body.length);
      request.end();
    },
  };
}
