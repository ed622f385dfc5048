// Reads a multipart/form-data body with busboy: text fields in memory (small), the one file field streamed to a
// temporary file on disk (in the sandbox's uploads folder), so that a large backup never sits in memory. Nothing is
// written before the fields sent ahead of the file are accepted (the master password), nor beyond a size limit.
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { IncomingMessage } from 'node:http';
import type { Readable } from 'node:stream';
import busboy from 'busboy';
import { uploadFolderPrefix } from './abandonedUploads';

export interface Upload {
  fields: Map<string, string>;
  /** Path of the uploaded file, or null when none was sent; the caller removes `folder` (null without a file). */
  file: string | null;
  folder: string | null;
}

export interface UploadRules {
  /** Largest file accepted, in bytes. */
  maxFileBytes: number;
  /** Called with the fields received so far when the file begins, before any of it is stored; throws to refuse. */
  beforeFile(fields: ReadonlyMap<string, string>): Promise<void>;
}

/** The file is larger than the limit (announced by Content-Length, or counted while it arrived). */
export class UploadTooLargeError extends Error {
  constructor(limit: number) {
    super(`the backup file is larger than the upload limit of ${Math.round(limit / (1024 * 1024))} MiB (json2 sandbox --max-upload-mb)`);
  }
}

/** Room for the text fields and the part headers on top of the file, in a Content-Length. */
const FORM_OVERHEAD = 1024 * 1024;

/**
 * Parses the upload; the file goes into a new folder under `parent`. A request that fails, is cut off, is refused by
 * `rules.beforeFile` or passes `rules.maxFileBytes` rejects at once (the rest of its body is not read), after its
 * partial file is closed and its folder removed.
 */
export async function receiveUpload(request: IncomingMessage, fileField: string, parent: string, rules: UploadRules): Promise<Upload> {
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > rules.maxFileBytes + FORM_OVERHEAD) throw new UploadTooLargeError(rules.maxFileBytes);
  const fields = new Map<string, string>();
  let file: string | null = null;
  let folder: string | null = null;
  let started = false;
  const writes: Promise<void>[] = [];
  const parser = busboy({ headers: request.headers, limits: { fields: 20, fieldSize: 64 * 1024, files: 1, fileSize: rules.maxFileBytes } });
  const store = async (stream: Readable) => {
    await rules.beforeFile(new Map(fields));
    await fs.promises.mkdir(parent, { recursive: true, mode: 0o700 });
    folder = await fs.promises.mkdtemp(path.join(parent, uploadFolderPrefix()));
    file = path.join(folder, 'upload');
    await pipeline(stream, fs.createWriteStream(file, { mode: 0o600 }));
  };
  try {
    parser.on('field', (name, value) => fields.set(name, value));
    parser.on('file', (name, stream) => {
      // A destroyed parser destroys its file part with the same error, which the parser reports: without a listener
      // (a part skipped, or refused before it is piped) that second 'error' would be an uncaught exception.
      stream.on('error', () => undefined);
      if (name !== fileField || started) {
        stream.resume();
        return;
      }
      started = true;
      // After busboy's own handling of the limit (it marks the file truncated right after this event).
      stream.on('limit', () => process.nextTick(() => parser.destroy(new UploadTooLargeError(rules.maxFileBytes))));
      const written = store(stream).catch((error: unknown) => {
        parser.destroy(error instanceof Error ? error : new Error(String(error)));
        throw error;
      });
      // Awaited below (or settled on failure); handled now, as it may fail while the body is still being read.
      written.catch(() => undefined);
      writes.push(written);
    });
    await new Promise<void>((resolve, reject) => {
      parser.on('close', resolve);
      parser.on('error', reject);
      // Not pipeline(): a bad body must leave the request open for the error page. A request cut off before its end
      // destroys the parser, which destroys the file part being written.
      const cutOff = () => {
        if (!request.complete) parser.destroy(new Error('the upload was cut off before its end'));
      };
      request.on('error', cutOff);
      request.on('close', cutOff);
      request.pipe(parser);
    });
    await Promise.all(writes);
  } catch (error) {
    request.unpipe(parser);
    await Promise.allSettled(writes);
    if (folder !== null) await fs.promises.rm(folder, { recursive: true, force: true });
    throw error;
  }
  return { fields, file, folder };
}
