// Reads a multipart/form-data body with busboy: text fields in memory (small), the one file field streamed to a
// temporary file on disk, so that a large backup never sits in memory.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { IncomingMessage } from 'node:http';
import busboy from 'busboy';

export interface Upload {
  fields: Map<string, string>;
  /** Path of the uploaded file, or null when none was sent; the caller removes `folder`. */
  file: string | null;
  folder: string;
}

export async function receiveUpload(request: IncomingMessage, fileField: string): Promise<Upload> {
  const folder = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'json2-sandbox-upload-'));
  const fields = new Map<string, string>();
  let file: string | null = null;
  const writes: Promise<void>[] = [];
  try {
    await new Promise<void>((resolve, reject) => {
      const parser = busboy({ headers: request.headers, limits: { fields: 20, fieldSize: 64 * 1024, files: 1 } });
      parser.on('field', (name, value) => fields.set(name, value));
      parser.on('file', (name, stream) => {
        if (name !== fileField || file !== null) { stream.resume(); return; }
        file = path.join(folder, 'upload');
        writes.push(pipeline(stream, fs.createWriteStream(file, { mode: 0o600 })));
      });
      parser.on('error', reject);
      parser.on('close', resolve);
      request.pipe(parser);
    });
    await Promise.all(writes);
  } catch (error) {
    await fs.promises.rm(folder, { recursive: true, force: true });
    throw error;
  }
  return { fields, file, folder };
}
