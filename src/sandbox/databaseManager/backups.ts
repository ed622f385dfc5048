// Backups: `dump` is the plain SQL dump; `zip` holds it as dump.sql with manifest.json and an empty filestore/.
// Both are written as streams (bounded memory); a restore replays the SQL into a fresh database, on either backend.
import fs from 'node:fs';
import { PassThrough, Readable, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import yauzl from 'yauzl';
import yazl from 'yazl';
import type { DatabaseCatalog } from '../catalog/databaseCatalog';
import { RESET_PUBLIC_SCHEMA } from '../catalog/templateRequests';
import { isValidDatabaseName } from '../storage/databasePool';
import type { SqlClient } from '../storage/sqlClient';
import type { BackupCodec, BackupFormat } from './backupCodec';
import { DatabaseOperationError, needExisting, newIdentity } from './databaseOperations';
import { writeSqlDump, type DumpWriter } from './sqlDump';
import { checkDumpStatement } from './dumpPolicy';
import { StatementSplitter } from './sqlStatements';

const BATCH_CHARS = 256 * 1024;
/** Longest statement of a backup (a plain dump writes one row per statement; a row of large texts fits). */
export const MAX_STATEMENT_CHARS = 64 * 1024 * 1024;

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
  constructor() {
    super('the backup was cancelled: its output was closed');
  }
}

/**
 * The manifest.json of a zip backup, with the keys of the reference's: the release, the database server's version as
 * major.minor (from its version number), and the installed modules (none: the sandbox's models come from no module).
 */
function backupManifest(database: string, versionInfo: readonly (number | string)[], serverVersionNum: number) {
  const release = `${versionInfo[0]}.${versionInfo[1]}`;
  return {
    odoo_dump: '1',
    db_name: database,
    version: release,
    version_info: versionInfo,
    major_version: release,
    pg_version: `${Math.floor(serverVersionNum / 10000)}.${Math.floor(serverVersionNum / 100) % 100}`,
    modules: {},
  };
}

/**
 * Writes the backup of `name` into `output` (which is ended). When `output` fails or closes early, the dump stops at
 * its next piece, its transaction ends and this rejects; when the dump fails, `output` is destroyed.
 */
export async function streamBackup(
  catalog: DatabaseCatalog,
  name: string,
  format: BackupFormat,
  output: Writable,
  versionInfo: readonly (number | string)[],
): Promise<void> {
  const database = needExisting(catalog, name);
  const sql = new PassThrough();
  let source: Readable = sql;
  if (format === 'zip') {
    const serverVersion = await catalog.use(database, (storage) => storage.query<{ v: string }>('SHOW server_version_num'));
    const manifest = backupManifest(database, versionInfo, Number(serverVersion.rows[0]?.v ?? 0));
    const zip = new yazl.ZipFile();
    zip.addBuffer(Buffer.from(JSON.stringify(manifest, null, 2)), 'manifest.json');
    zip.addReadStream(sql, 'dump.sql');
    zip.addEmptyDirectory('filestore/');
    zip.end();
    // A PassThrough (typed only as a ReadableStream).
    source = zip.outputStream as Readable;
  }
  // The zip's input is outside the pipeline: destroyed here (without an error, which yazl would not listen to).
  const delivered = pipeline(source, output).catch((error: unknown) => {
    sql.destroy();
    throw error;
  });
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
        if (entry.fileName !== 'dump.sql') {
          zip.readEntry();
          return;
        }
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
  if ('buffer' in source)
    return isZip ? zipEntry((cb) => yauzl.fromBuffer(source.buffer, { lazyEntries: true }, cb)) : Readable.from([source.buffer]);
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

/** The client of a restore went away: the restore stopped and left nothing. */
export class RestoreCancelledError extends DatabaseOperationError {
  constructor() {
    super('the restore was cancelled: the client went away');
  }
}

/**
 * The statements of `stream` as they are complete, checked by the dump policy (a refused one throws), joined in
 * batches of about BATCH_CHARS.
 */
async function* statementBatches(stream: Readable): AsyncGenerator<string> {
  const splitter = new StatementSplitter({ maxStatementChars: MAX_STATEMENT_CHARS });
  let batch: string[] = [];
  let size = 0;
  stream.setEncoding('utf8');
  for await (const chunk of stream as AsyncIterable<string>) {
    for (const statement of splitter.push(chunk)) {
      if (checkDumpStatement(statement) === 'skip') continue;
      batch.push(statement.text);
      size += statement.text.length;
      if (size >= BATCH_CHARS) {
        yield batch.join('\n');
        batch = [];
        size = 0;
      }
    }
  }
  splitter.finish();
  if (batch.length > 0) yield batch.join('\n');
}

/**
 * Replays the batches into the (empty) database behind `cr`, `first` already read; stops at the next batch once
 * `signal` is aborted.
 */
async function replay(
  cr: SqlClient,
  first: IteratorResult<string>,
  batches: AsyncIterator<string>,
  signal: AbortSignal | undefined,
): Promise<void> {
  // The splitter reads strings as PostgreSQL does with this setting; a server configured otherwise must not differ.
  await cr.query(`SET LOCAL standard_conforming_strings = on; ${RESET_PUBLIC_SCHEMA}`);
  for (let batch = first; !batch.done; batch = await batches.next()) {
    if (signal?.aborted) throw new RestoreCancelledError();
    await cr.query(batch.value);
  }
  if (signal?.aborted) throw new RestoreCancelledError();
}

/**
 * Restores a backup as the new database `name`: replayed into an unfinished database (never listed, never reached
 * by a call), renamed to `name` when complete. The database is made once the backup's first batch of statements has
 * passed the dump policy: a backup refused there costs no copy. When `signal` is aborted (the client went away) the
 * restore stops at its next piece and the unfinished database is dropped.
 */
export async function restoreBackup(
  catalog: DatabaseCatalog,
  name: unknown,
  source: { buffer: Buffer } | { file: string },
  copy: boolean,
  signal?: AbortSignal,
): Promise<void> {
  if (typeof name !== 'string' || !isValidDatabaseName(name))
    throw new DatabaseOperationError(
      typeof name === 'string' && name !== ''
        ? `Invalid database name '${name}': use letters, digits, '_', '.' or '-'`
        : 'A database name is needed',
    );
  if (catalog.exists(name)) throw new DatabaseOperationError('Database already exists', 'builtins.Exception');
  const stream = await sqlStream(source);
  if (signal?.aborted) {
    stream.destroy();
    throw new RestoreCancelledError();
  }
  // Destroyed without an error: the reading stops, and the signal says why.
  const cancel = () => stream.destroy();
  signal?.addEventListener('abort', cancel, { once: true });
  const cancelledOr = (error: unknown) => (signal?.aborted ? new RestoreCancelledError() : error);
  try {
    const batches = statementBatches(stream);
    const first = await batches.next().catch((error: unknown) => Promise.reject(cancelledOr(error)));
    if (signal?.aborted) throw new RestoreCancelledError();
    const unfinished = await catalog.createUnfinishedDatabase();
    try {
      await catalog.useUnfinished(unfinished, (storage) =>
        storage.transaction((cr) => replay(cr, first, batches, signal).catch((error: unknown) => Promise.reject(cancelledOr(error)))),
      );
      if (catalog.exists(name)) throw new DatabaseOperationError('Database already exists', 'builtins.Exception');
      await catalog.renameDatabase(unfinished, name);
    } catch (error) {
      stream.destroy();
      await catalog.dropDatabase(unfinished);
      throw error;
    }
  } finally {
    signal?.removeEventListener('abort', cancel);
    stream.destroy();
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
    restoreFromBuffer: (catalog, name, data, copy, signal) => restoreBackup(catalog, name, { buffer: data }, copy, signal),
  };
}
