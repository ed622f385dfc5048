// DatabaseManagerClient: the `/web/database/*` controllers, with backups and restores streamed to and from files.
import fs from 'node:fs';
import path from 'node:path';
import { Transform } from 'node:stream';
import { text as streamText } from 'node:stream/consumers';
import { pipeline } from 'node:stream/promises';
import { SecretRedactor } from '../redaction/secretRedactor';
import { ClientUsageError, TransportError } from './clientErrors';
import { type ConnectionTarget, parseConnectionTarget, resolveRequestPath } from './connectionTarget';
import { HttpTransport, type TransportOptions } from './httpTransport';
import { decodeJsonRpcAnswer, encodeJsonRpcParams } from './jsonRpcCodec';
import { JsonRpcError } from './legacyRpcErrors';
import { DatabaseManagerError, managerFailureOf } from './managerAnswer';
import { multipartUpload } from './multipartUpload';
import { type ProgressListener, throttledProgress } from './transferThrottle';

export interface DatabaseManagerSettings {
  readonly baseUrl: string;
  /**
   * The server's master password (`master_pwd`), redacted from every error. Only `list` works without it; the other
   * actions refuse to send when it is missing or empty.
   */
  readonly masterPassword?: string;
  readonly allowInsecureHttp?: boolean;
  readonly userAgent?: string;
  readonly transport?: TransportOptions;
}

const WRITE_BUFFER_BYTES = 1024 * 1024;

export type { ProgressListener };

export interface NewDatabase {
  readonly name: string;
  readonly login: string;
  readonly password: string;
  readonly lang?: string;
  readonly demo?: boolean;
  readonly phone?: string;
}

/**
 * Creates, copies, drops, backs up and restores databases through the manager's controllers. Success is the
 * manager's redirect; a refusal is a `DatabaseManagerError` carrying the page's sentence.
 */
export class DatabaseManagerClient {
  readonly target: ConnectionTarget;
  readonly #masterPassword: string | undefined;
  readonly #settings: DatabaseManagerSettings;
  readonly #transport: HttpTransport;
  readonly #redactor: SecretRedactor;

  constructor(settings: DatabaseManagerSettings) {
    this.#redactor = new SecretRedactor([settings.masterPassword]);
    try {
      this.target = parseConnectionTarget(settings.baseUrl, settings.allowInsecureHttp);
    } catch (error) {
      throw this.#redactor.redactError(error as Error);
    }
    this.#masterPassword = settings.masterPassword === '' ? undefined : settings.masterPassword;
    this.#settings = settings;
    this.#transport = new HttpTransport(this.target.origin, settings.transport);
  }

  /**
   * The databases of the server (`/web/database/list`), which needs no master password; a JSON-RPC access error when
   * listing is disabled.
   */
  async list(signal?: AbortSignal): Promise<string[]> {
    return this.#guard(undefined, async () => {
      const answer = await this.#transport.send({
        method: 'POST',
        path: this.#path('/web/database/list'),
        headers: this.#headers('application/json'),
        body: encodeJsonRpcParams({}, 1),
        signal,
      });
      const decoded = decodeJsonRpcAnswer(answer.body.toString('utf8'));
      if (decoded.kind === 'error') throw new JsonRpcError(decoded.code, decoded.message, decoded.data, 'database list');
      return decoded.value as string[];
    });
  }

  /** Creates a database with its administrator. */
  async create(database: NewDatabase, signal?: AbortSignal): Promise<void> {
    await this.#form(
      'Database creation',
      '/web/database/create',
      {
        master_pwd: this.#master(),
        name: database.name,
        login: database.login,
        password: database.password,
        lang: database.lang ?? 'en_US',
        phone: database.phone ?? '',
        ...(database.demo ? { demo: 'true' } : {}),
      },
      signal,
      database.password,
    );
  }

  /** Copies `name` to `newName`, neutralised when asked. */
  async duplicate(name: string, newName: string, options: { neutralize?: boolean; signal?: AbortSignal } = {}): Promise<void> {
    await this.#form(
      'Database duplication',
      '/web/database/duplicate',
      {
        master_pwd: this.#master(),
        name,
        new_name: newName,
        ...(options.neutralize ? { neutralize_database: 'true' } : {}),
      },
      options.signal,
    );
  }

  /**
   * Drops `name`. The manager redirects whether or not the database existed, so the list says what happened: a name
   * not on it is refused before sending, a name still on it afterwards is a failure. A server that will not list its
   * databases is taken at its word.
   */
  async drop(name: string, signal?: AbortSignal): Promise<void> {
    const action = 'Database deletion';
    const masterPassword = this.#master();
    const before = await this.#listedOrUnknown(signal);
    if (before !== undefined && !before.includes(name))
      throw new DatabaseManagerError(
        action,
        `there is no database "${name}" on this server (it has: ${before.length > 0 ? before.join(', ') : 'none'}); nothing was dropped.`,
      );
    await this.#form(action, '/web/database/drop', { master_pwd: masterPassword, name }, signal);
    const after = await this.#listedOrUnknown(signal);
    if (after?.includes(name))
      throw new DatabaseManagerError(action, `the server answered as for a dropped database, but "${name}" is still on its list.`);
  }

  /** The databases, or undefined when the server will not list them (the check is then left to its answer). */
  async #listedOrUnknown(signal: AbortSignal | undefined): Promise<string[] | undefined> {
    try {
      return await this.list(signal);
    } catch (error) {
      if (error instanceof JsonRpcError || (error instanceof TransportError && error.kind !== 'cancelled')) return undefined;
      throw error;
    }
  }

  /** Changes the master password; build a new client with the new one afterwards. */
  async changePassword(newMasterPassword: string, signal?: AbortSignal): Promise<void> {
    await this.#form(
      'Master password update',
      '/web/database/change_password',
      {
        master_pwd: this.#master(),
        master_pwd_new: newMasterPassword,
      },
      signal,
      newMasterPassword,
    );
  }

  /**
   * Streams a backup into `destination` (a file path; written as `.part` then renamed), never holding it in memory.
   * Resolves with the size and the server's file name.
   */
  async backup(
    name: string,
    destination: string,
    options: { format?: 'zip' | 'dump'; onProgress?: ProgressListener; signal?: AbortSignal } = {},
  ): Promise<{
    bytes: number;
    serverFileName: string | undefined;
  }> {
    return this.#guard(undefined, async () => {
      const body = new URLSearchParams({ master_pwd: this.#master(), name, backup_format: options.format ?? 'zip' }).toString();
      const response = await this.#transport.stream({
        method: 'POST',
        path: this.#path('/web/database/backup'),
        timeoutMs: 0,
        headers: this.#headers('application/x-www-form-urlencoded'),
        body,
        signal: options.signal,
      });
      const contentType = String(response.headers['content-type'] ?? '');
      if (response.status !== 200 || contentType.startsWith('text/html')) {
        const text = (await streamText(response.body)).slice(0, 1024 * 1024);
        throw (
          managerFailureOf('Database backup', response.status, text) ??
          new TransportError('invalidResponse', 'Database backup: redirected instead of sending the file.')
        );
      }
      const declared = Number(response.headers['content-length']);
      const total = Number.isFinite(declared) ? declared : undefined;
      const progress = throttledProgress(options.onProgress);
      let bytes = 0;
      const counter = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          bytes += chunk.length;
          progress.update(bytes, total);
          done(null, chunk);
        },
      });
      const partial = `${destination}.part`;
      try {
        // A write buffer of 1 MiB: with the default 16 KiB, the many small chunks of a zip answer piled up (measured).
        await pipeline(response.body, counter, fs.createWriteStream(partial, { highWaterMark: WRITE_BUFFER_BYTES }), {
          signal: options.signal,
        });
        await fs.promises.rename(partial, destination);
        progress.finish(bytes, total);
      } catch (error) {
        await fs.promises.rm(partial, { force: true });
        throw options.signal?.aborted || (error instanceof Error && error.name === 'AbortError')
          ? new TransportError('cancelled', 'Database backup: cancelled; the partial file was removed.')
          : error;
      }
      const disposition = String(response.headers['content-disposition'] ?? '');
      const serverFileName = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition)?.[1];
      return { bytes, serverFileName: serverFileName === undefined ? undefined : decodeURIComponent(serverFileName) };
    });
  }

  /** Uploads the backup file at `file` as a streamed multipart request and restores it as `name`. */
  async restore(
    name: string,
    file: string,
    options: { copy?: boolean; neutralize?: boolean; onProgress?: ProgressListener; signal?: AbortSignal } = {},
  ): Promise<void> {
    await this.#guard(undefined, async () => {
      const upload = await multipartUpload(
        {
          master_pwd: this.#master(),
          name,
          ...(options.copy ? { copy: 'true' } : {}),
          ...(options.neutralize ? { neutralize: 'true' } : {}),
        },
        { field: 'backup_file', path: file, fileName: path.basename(file) },
      );
      const progress = throttledProgress(options.onProgress);
      const answer = await this.#transport.send({
        method: 'POST',
        path: this.#path('/web/database/restore'),
        timeoutMs: 0,
        signal: options.signal,
        headers: { ...this.#headers(upload.contentType), 'content-length': String(upload.length) },
        body: upload.body,
        onUploadProgress: (sent) => progress.update(sent, upload.length),
      });
      progress.finish(upload.length, upload.length);
      const failure = managerFailureOf('Database restore', answer.status, answer.body.toString('utf8'));
      if (failure) throw failure;
    });
  }

  async close(): Promise<void> {
    await this.#transport.close();
  }

  async #form(
    action: string,
    route: string,
    fields: Record<string, string>,
    signal: AbortSignal | undefined,
    extraSecret?: string,
  ): Promise<void> {
    await this.#guard(extraSecret, async () => {
      const answer = await this.#transport.send({
        method: 'POST',
        path: this.#path(route),
        headers: this.#headers('application/x-www-form-urlencoded'),
        body: new URLSearchParams(fields).toString(),
        signal,
        timeoutMs: 0,
      });
      const failure = managerFailureOf(action, answer.status, answer.body.toString('utf8'));
      if (failure) throw failure;
    });
  }

  async #guard<T>(extraSecret: string | undefined, run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      throw this.#redactor.with(extraSecret).redactError(error as Error);
    }
  }

  /** The master password, or a usage error before anything is sent. */
  #master(): string {
    if (this.#masterPassword === undefined)
      throw new ClientUsageError('This database-manager action needs the master password; none was given.');
    return this.#masterPassword;
  }

  #path(route: string): string {
    return resolveRequestPath(this.target, route);
  }

  #headers(contentType: string): Record<string, string> {
    return { 'content-type': contentType, ...(this.#settings.userAgent ? { 'user-agent': this.#settings.userAgent } : {}) };
  }
}
