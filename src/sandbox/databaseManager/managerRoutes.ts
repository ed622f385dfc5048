// The database-manager controllers: /web/database/{create,duplicate,drop,backup,change_password} (form-encoded),
// /restore (multipart), /list (JSON-RPC) and the /manager page (routeTable.ts mounts them). Success: a 303 to the manager (backup: the file as
// an attachment); failure: 200 with the manager page and the error sentence of the notes.
import fs from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { accessDenied } from '../errors/serviceErrors';
import { sendHtml, sendJson } from '../http/httpAnswers';
import { readBody } from '../http/requestBody';
import type { RouteAnswer } from '../http/requestRouter';
import { acceptsJsonRpc, errorEnvelope, parseJsonRpcRequest, resultEnvelope } from '../rpc/jsonrpcEndpoint';
import { clientGone } from '../rpc/rpcBody';
import type { DatabaseCatalog } from '../catalog/databaseCatalog';
import { restoreBackup, streamBackup } from './backups';
import { createDatabase, DatabaseOperationError, dropDatabase, duplicateDatabase, neutralizeDatabase } from './databaseOperations';
import { pythonRepr } from '../orm/pythonRepr';
import type { MasterPassword } from './masterPassword';
import type { LoginThrottle } from '../security/loginCooldown';
import { managerPage, redirectPage, selectorPage } from './managerPage';
import { KNOWN_LANGUAGES } from '../demo/referenceLanguages';
import { receiveUpload } from './multipartUpload';

export interface ManagerOptions {
  catalog: DatabaseCatalog;
  master: MasterPassword;
  listDb: boolean;
  versionInfo: readonly (number | string)[];
  /** Where uploaded backups wait while they are restored (each in its own folder, removed afterwards). */
  uploadsDir: string;
  /** Largest backup file a restore accepts, in bytes. */
  maxUploadBytes: number;
  /** Master-password throttling, shared with the db service. */
  logins: LoginThrottle;
}

export const DEFAULT_MAX_UPLOAD_BYTES = 1024 * 1024 * 1024;

const FORM_LIMIT = 1024 * 1024;
/** How long the rest of a refused upload is read and dropped before its connection is closed. */
const LINGER_MS = 2000;
const HEADERS = {
  'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'",
  'Cache-Control': 'no-store',
};
const SENTENCES: Record<string, string> = {
  create: 'Database creation error',
  duplicate: 'Database duplication error',
  drop: 'Database deletion error',
  backup: 'Database backup error',
  restore: 'Database restore error',
  change_password: 'Master password update error',
};

class WrongMaster extends Error {
  constructor() {
    super('Access Denied');
  }
}

const checked = (value: string | undefined) => value !== undefined && value !== '' && value !== '0' && value.toLowerCase() !== 'false';

/** `YYYY-MM-DD_HH-MM-SS` in UTC, as the reference server names backups. */
function stamp(now: Date): string {
  return now.toISOString().slice(0, 19).replace('T', '_').replace(/:/g, '-');
}

/** The answers of the manager's routes: the page, the list (JSON-RPC) and the form actions. */
export interface ManagerAnswers {
  manager: RouteAnswer;
  selector: RouteAnswer;
  list: RouteAnswer;
  action: RouteAnswer;
}

/** `/web/database/<action>` for the form actions; the group is the action. */
export const ACTION_PATH = /^\/web\/database\/(create|duplicate|drop|backup|restore|change_password)$/;

export function managerAnswers(options: ManagerOptions): ManagerAnswers {
  const { catalog, master } = options;

  async function page(response: ServerResponse, error: string | null): Promise<void> {
    const languages = KNOWN_LANGUAGES.map((language): [string, string] => [language.code, language.name]);
    sendHtml(response, 200, managerPage({ databases: options.listDb ? [...catalog.list()] : null, languages, error }), HEADERS);
  }

  async function needMaster(fields: ReadonlyMap<string, string>, request: IncomingMessage): Promise<void> {
    if (!(await options.logins.master(request.socket.remoteAddress ?? 'unknown', () => master.check(fields.get('master_pwd')))))
      throw new WrongMaster();
  }

  async function run(action: string, request: IncomingMessage, response: ServerResponse): Promise<void> {
    if (action === 'restore') {
      // The master password is checked before any of the file is stored: it must come first in the form.
      const upload = await receiveUpload(request, 'backup_file', options.uploadsDir, {
        maxFileBytes: options.maxUploadBytes,
        beforeFile: async (fields) => {
          if (!fields.has('master_pwd'))
            throw new DatabaseOperationError('the master password (master_pwd) must come before the backup file in the form');
          await needMaster(fields, request);
        },
      });
      try {
        if (upload.file === null) {
          await needMaster(upload.fields, request);
          throw new DatabaseOperationError('No backup file was sent');
        }
        const name = upload.fields.get('name');
        await restoreBackup(catalog, name, { file: upload.file }, checked(upload.fields.get('copy')), clientGone(response));
        if (checked(upload.fields.get('neutralize'))) await neutralizeDatabase(catalog, name as string);
      } finally {
        if (upload.folder !== null) await fs.promises.rm(upload.folder, { recursive: true, force: true });
      }
      return;
    }
    const fields = new Map(new URLSearchParams((await readBody(request, FORM_LIMIT)).toString('utf8')));
    await needMaster(fields, request);
    switch (action) {
      case 'create':
        await createDatabase(catalog, fields.get('name'), {
          login: fields.get('login') || 'admin',
          password: fields.get('password') ?? '',
          lang: fields.get('lang') || 'en_US',
          demo: checked(fields.get('demo')),
          countryCode: fields.get('country_code') || null,
          phone: fields.get('phone') || null,
        });
        return;
      case 'duplicate':
        return duplicateDatabase(catalog, fields.get('name'), fields.get('new_name'), checked(fields.get('neutralize_database')));
      case 'drop':
        // Dropping a database that does not exist does nothing and is no error, as on the reference.
        await dropDatabase(catalog, fields.get('name'));
        return;
      case 'change_password': {
        const next = fields.get('master_pwd_new') ?? '';
        if (next === '') throw new DatabaseOperationError('The new master password is empty');
        return master.change(next);
      }
      case 'backup': {
        const name = fields.get('name') ?? '';
        if (!catalog.exists(name)) throw new DatabaseOperationError(`Database ${pythonRepr(name)} is not known`);
        const format = fields.get('backup_format') === 'dump' ? 'dump' : 'zip';
        response.writeHead(200, {
          // As the reference: both formats are sent as opaque bytes.
          'Content-Type': 'application/octet-stream; charset=binary',
          'Content-Disposition': `attachment; filename="${name}_${stamp(new Date())}.${format}"`,
          'Cache-Control': 'no-store',
        });
        return streamBackup(catalog, name, format, response, options.versionInfo);
      }
      default:
        throw new Error(`unknown action ${action}`);
    }
  }

  async function list(request: IncomingMessage, response: ServerResponse): Promise<void> {
    if (!acceptsJsonRpc(request, response, '/web/database/list')) return;
    const envelope = parseJsonRpcRequest(response, await readBody(request, FORM_LIMIT));
    if (envelope === null) return;
    const id = envelope.id;
    if (!options.listDb) sendJson(response, 200, errorEnvelope(id, accessDenied('Access Denied')));
    else sendJson(response, 200, resultEnvelope(id, [...catalog.list()]));
  }

  /** POST /web/database/<action> for the actions of ACTION_PATH. */
  const action: RouteAnswer = async (request, response, _url, [name]) => {
    try {
      await run(name, request, response);
      if (!response.headersSent) {
        const body = Buffer.from(redirectPage('/web/database/manager'), 'utf8');
        response.writeHead(303, {
          Location: '/web/database/manager',
          'Content-Type': 'text/html; charset=utf-8',
          'Content-Length': String(body.length),
        });
        response.end(body);
      }
    } catch (error) {
      if (response.headersSent) {
        response.destroy();
        return;
      }
      if (!request.complete) {
        // A refused upload (wrong master password, too large): answer now, then close. What the client still sends
        // meanwhile is read and dropped (never stored) for a moment, so that it reads the answer instead of a reset.
        response.setHeader('Connection', 'close');
        response.once('finish', () => setTimeout(() => request.destroy(), LINGER_MS).unref());
      }
      request.resume();
      const message = error instanceof Error ? error.message : String(error);
      await page(response, `${SENTENCES[name]}: ${message}`);
    }
  };
  return {
    manager: async (request, response) => {
      request.resume();
      await page(response, null);
    },
    selector: async (request, response) => {
      request.resume();
      sendHtml(response, 200, selectorPage(options.listDb ? [...catalog.list()] : null), HEADERS);
    },
    list: (request, response) => list(request, response),
    action,
  };
}
