// Backups: `dump` is the plain SQL dump; `zip` holds it as dump.sql with manifest.json and an empty filestore/.
// Both are written as streams (bounded memory); a restore replays the SQL into a fresh database, on either backend.
import crypto from 'node:crypto';
import fs from 'node:fs';
import { PassThrough, Readable, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import yauzl from 'yauzl';
import yazl from 'yazl';
import type { DatabaseCatalog } from '../service/databaseCatalog';
import type { BackupCodec, BackupFormat } from './backupCodec';
import { DatabaseOperationError, needExisting, newIdentity } from './databaseOperations';
import { listTables, writeSqlDump, type DumpWriter } from './sqlDump';
import { StatementSplitter } from './sqlStatements';

const BATCH_CHARS = 256 * 1024;

/**
 * A writer into `stream` that waits while it is full and fails as soon as it is destroyed: without that, a dump
 * whose reader went away would wait for a 'drain' that never comes, inside its transaction.
 */
function writerInto(stream: Writable): DumpWriter {
  return async (text) => {
    if (stream.destroyed) throw new BackupCancelledError();
    if (stream.write(text)) return;
    await new Promise<void>((resolve, reject) => {
      const settle = (error?: Error) => {
        stream.off('drain', onDrain);
        stream.off('close', onClose);
        if (error) reject(error);
        else resolve();
      };
      const onDrain = () => settle();
      const onClose = () => settle(new BackupCancelledError());
      stream.on('drain', onDrain);
      stream.on('close', onClose);
    });
  };
}

/** The backup's reader went away (the client cancelled the download). */
export class BackupCancelledError extends Error {
  constructor() { super('the backup was cancelled: its output was closed'); }
}

/**
 * Writes the backup of `name` into `output` (which is ended). When `output` fails or closes early, the dump stops at
 * its next piece, its transaction ends and this rejects; when the dump fails, `output` is destroyed.
 */
export async function streamBackup(catalog: DatabaseCatalog, name: string, format: BackupFormat, output: Writable, versionInfo: readonly (number | string)[]): Promise<void> {
  const database = needExisting(catalog, name);
  const sql = new PassThrough();
  let source: Readable = sql;
  if (format === 'zip') {
    const tables = await catalog.use(database, (storage) => storage.transaction((cr) => listTables(cr)));
    const manifest = { release: `${versionInfo[0]}.${versionInfo[1]}`, version_info: versionInfo, db_name: database, created: new Date().toISOString(), tables };
    const zip = new yazl.ZipFile();
    zip.addBuffer(Buffer.from(JSON.stringify(manifest, null, 2)), 'manifest.json');
    zip.addReadStream(sql, 'dump.sql');
    zip.addEmptyDirectory('filestore/');
    zip.end();
    // A PassThrough (typed only as a ReadableStream).
    source = zip.outputStream as Readable;
  }
  // The zip's input is outside the pipeline: destroyed here (without an error, which yazl would not listen to).
  const delivered = pipeline(source, output).catch((error: unknown) => { sql.destroy(); throw error; });
  // Awaited below; handled now too, as it may fail while the dump is still running.
  delivered.catch(() => undefined);
  try {
    await catalog.use(database, (storage) => storage.transaction((cr) => writeSqlDump(cr, writerInto(sql))));
    sql.end();
  } catch (error) {
    sql.destroy();
    source.destroy(error instanceof Error ? error : new Error(String(error)));
    await delivered.catch(() => undefined);
    throw error;
  }
  await delivered;
}

function zipEntry(open: (callback: (error: Error | null, zip: yauzl.ZipFile) => void) => void): Promise<Readable> {
  return new Promise((resolve, reject) => {
    open((error, zip) => {
      if (error) return reject(error);
      zip.on('error', reject);
      zip.on('entry', (entry: yauzl.Entry) => {
        if (entry.fileName !== 'dump.sql') { zip.readEntry(); return; }
        zip.openReadStream(entry, (streamError, stream) => (streamError ? reject(streamError) : resolve(stream)));
      });
      zip.on('end', () => reject(new DatabaseOperationError('the zip backup has no dump.sql')));
      zip.readEntry();
    });
  });
}

/** The SQL text of a backup held in a buffer or a file, either format (a zip starts with `PK`). */
async function sqlStream(source: { buffer: Buffer } | { file: string }): Promise<Readable> {
  const head = 'buffer' in source ? source.buffer.subarray(0, 2) : await readHead(source.file);
  const isZip = head.toString('latin1') === 'PK';
  if ('buffer' in source) return isZip ? zipEntry((cb) => yauzl.fromBuffer(source.buffer, { lazyEntries: true }, cb)) : Readable.from([source.buffer]);
  return isZip ? zipEntry((cb) => yauzl.open(source.file, { lazyEntries: true }, cb)) : fs.createReadStream(source.file);
}

async function readHead(file: string): Promise<Buffer> {
  const handle = await fs.promises.open(file, 'r');
  try {
    const buffer = Buffer.alloc(2);
    await handle.read(buffer, 0, 2, 0);
    return buffer;
  } finally {
    await handle.close();
  }
}

/** Restores a backup as the new database `name`: replayed into a temporary folder, renamed when complete. */
export async function restoreBackup(catalog: DatabaseCatalog, name: unknown, source: { buffer: Buffer } | { file: string }, copy: boolean): Promise<void> {
  if (typeof name !== 'string' || name === '' || catalog.exists(name)) throw new DatabaseOperationError(typeof name === 'string' && name !== '' ? `Database ${name} already exists` : 'A database name is needed');
  const stream = await sqlStream(source);
  // Short enough for PostgreSQL's 63-character names with a namespace prefix.
  const temporary = `${name.slice(0, 30)}.restoring-${crypto.randomBytes(3).toString('hex')}`;
  await catalog.createDatabase(temporary);
  try {
    await catalog.use(temporary, (storage) => storage.transaction(async (cr) => {
      await cr.query('DROP SCHEMA public CASCADE; CREATE SCHEMA public;');
      const splitter = new StatementSplitter();
      let batch: string[] = [];
      let size = 0;
      const flush = async () => { if (batch.length > 0) await cr.query(batch.join('\n')); batch = []; size = 0; };
      stream.setEncoding('utf8');
      for await (const chunk of stream as AsyncIterable<string>) {
        for (const statement of splitter.push(chunk)) {
          batch.push(statement);
          size += statement.length;
          if (size >= BATCH_CHARS) await flush();
        }
      }
      await flush();
      if (splitter.rest() !== '') throw new DatabaseOperationError('the backup ends in the middle of a statement');
    }));
    if (catalog.exists(name)) throw new DatabaseOperationError(`Database ${name} already exists`);
    await catalog.renameDatabase(temporary, name);
  } catch (error) {
    await catalog.dropDatabase(temporary);
    throw error;
  }
  if (copy) await newIdentity(catalog, name);
}

/** The db service's view: a whole backup in memory (base64 over XML-RPC/JSON-RPC). */
export function backupCodec(versionInfo: readonly (number | string)[]): BackupCodec {
  return {
    async dumpToBuffer(catalog, name, format) {
      const collector = new PassThrough();
      const chunks: Buffer[] = [];
      collector.on('data', (chunk: Buffer) => chunks.push(chunk));
      await streamBackup(catalog, name, format, collector, versionInfo);
      return Buffer.concat(chunks);
    },
    restoreFromBuffer: (catalog, name, data, copy) => restoreBackup(catalog, name, { buffer: data }, copy),
  };
}
