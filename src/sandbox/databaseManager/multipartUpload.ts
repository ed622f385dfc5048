// Reads a multipart/form-data body with busboy: text fields in memory (small), the one file field streamed to a
// temporary file on disk (in the sandbox's uploads folder), so that a large backup never sits in memory.
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { IncomingMessage } from 'node:http';
import busboy from 'busboy';
import { uploadFolderPrefix } from './abandonedUploads';

export interface Upload {
  fields: Map<string, string>;
  /** Path of the uploaded file, or null when none was sent; the caller removes `folder`. */
  file: string | null;
  folder: string;
}

/**
 * Parses the upload into a new folder under `parent`. A request that fails or is cut off before its end rejects,
 * after its partial file is closed and its folder removed.
 */
export async function receiveUpload(request: IncomingMessage, fileField: string, parent: string): Promise<Upload> {
  await fs.promises.mkdir(parent, { recursive: true, mode: 0o700 });
  const folder = await fs.promises.mkdtemp(path.join(parent, uploadFolderPrefix()));
  const fields = new Map<string, string>();
  let file: string | null = null;
  const writes: Promise<void>[] = [];
  try {
    const parser = busboy({ headers: request.headers, limits: { fields: 20, fieldSize: 64 * 1024, files: 1 } });
    parser.on('field', (name, value) => fields.set(name, value));
    parser.on('file', (name, stream) => {
      if (name !== fileField || file !== null) { stream.resume(); return; }
      file = path.join(folder, 'upload');
      writes.push(pipeline(stream, fs.createWriteStream(file, { mode: 0o600 })));
    });
    await new Promise<void>((resolve, reject) => {
      parser.on('close', resolve);
      parser.on('error', reject);
      // Not pipeline(): a bad body must leave the request open for the error page. A request cut off before its end
      // destroys the parser, which destroys the file part being written.
      const cutOff = () => { if (!request.complete) parser.destroy(new Error('the upload was cut off before its end')); };
      request.on('error', cutOff);
      request.on('close', cutOff);
      request.pipe(parser);
    });
    await Promise.all(writes);
  } catch (error) {
    await Promise.allSettled(writes);
    await fs.promises.rm(folder, { recursive: true, force: true });
    throw error;
  }
  return { fields, file, folder };
}
