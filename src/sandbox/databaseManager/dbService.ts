// The deprecated db service (13 functions): db_exist, list, list_lang and server_version need no master password;
// every other function takes it first and fails with access denied when it is wrong. migrate_databases is refused.
import { accessDenied, keyError, ServiceError, typeError, userError } from '../errors/serviceErrors';
import { pythonRepr } from '../orm/pythonRepr';
import type { RpcContext, RpcService } from '../rpc/rpcServices';
import type { DatabaseCatalog } from '../catalog/databaseCatalog';
import type { BackupCodec } from './backupCodec';
import {
  createDatabase,
  DatabaseOperationError,
  dropDatabase,
  duplicateDatabase,
  needExisting,
  renameDatabase,
} from './databaseOperations';
import type { MasterPassword } from './masterPassword';
import { KNOWN_LANGUAGES } from '../demo/referenceLanguages';

export interface DbServiceOptions {
  master: MasterPassword;
  /** False with --no-list-db: `list` is refused. */
  listDb: boolean;
  /** Dump and restore, when backups are available. */
  backups?: BackupCodec;
}

/** The countries of the first database (the reference's list is the same in every database). */
async function referenceList(catalog: DatabaseCatalog, sql: string): Promise<[string, string][]> {
  const [first] = catalog.list();
  if (first === undefined) return [];
  const rows = await catalog.use(first, (storage) => storage.query<{ code: string; name: string }>(sql));
  return rows.rows.map((row) => [row.code, row.name]);
}

function bool(value: unknown): boolean {
  return value === true || value === 1 || value === 'true' || value === 'True';
}

function operationFailed(error: unknown): never {
  if (error instanceof DatabaseOperationError) {
    if (error.exceptionName === 'odoo.exceptions.UserError') throw userError(error.message);
    throw new ServiceError(error.exceptionName, 500, error.message, 'business');
  }
  throw error;
}

export function dbService(options: DbServiceOptions): RpcService {
  return async (context: RpcContext, method: string, params: unknown[]) => {
    const { catalog } = context;
    switch (method) {
      case 'server_version':
        return `${context.versionInfo[0]}.${context.versionInfo[1]}`;
      case 'db_exist':
        return typeof params[0] === 'string' && catalog.exists(params[0]);
      case 'list':
        if (!options.listDb) throw accessDenied('Access Denied');
        return [...catalog.list()];
      case 'list_lang':
        return KNOWN_LANGUAGES.map((language) => [language.code, language.name]);
      default:
        break;
    }
    const known = [
      'create_database',
      'duplicate_database',
      'drop',
      'dump',
      'restore',
      'change_admin_password',
      'rename',
      'migrate_databases',
      'list_countries',
    ];
    if (!known.includes(method)) throw keyError(pythonRepr(`Method not found: ${method}`));
    if (!(await context.logins.master(context.source, () => options.master.check(params[0])))) throw accessDenied('Access Denied');
    const args = params.slice(1);
    try {
      switch (method) {
        case 'create_database': {
          const [name, demo, lang, password, login, countryCode, phone] = args;
          await createDatabase(catalog, name, {
            login: typeof login === 'string' ? login : 'admin',
            password: String(password ?? ''),
            lang: typeof lang === 'string' ? lang : 'en_US',
            demo: bool(demo),
            countryCode: typeof countryCode === 'string' ? countryCode : null,
            phone: typeof phone === 'string' ? phone : null,
          });
          return true;
        }
        case 'duplicate_database':
          await duplicateDatabase(catalog, args[0], args[1], bool(args[2]));
          return true;
        case 'drop':
          return await dropDatabase(catalog, args[0]);
        case 'rename':
          await renameDatabase(catalog, args[0], args[1]);
          return true;
        case 'change_admin_password':
          if (typeof args[0] !== 'string' || args[0] === '') throw typeError('change_admin_password() needs the new password');
          await options.master.change(args[0]);
          return true;
        case 'list_countries':
          return referenceList(catalog, "SELECT code, name ->> 'en_US' AS name FROM res_country ORDER BY name ->> 'en_US'");
        case 'migrate_databases':
          throw userError('migrate_databases is not supported: the sandbox has no module upgrades (and JSON-2 has no replacement for it).');
        case 'dump': {
          if (!options.backups) throw userError('dump is not available on this server');
          const format = args[1] === 'dump' ? 'dump' : 'zip';
          return (await options.backups.dumpToBuffer(catalog, needExisting(catalog, args[0]), format)).toString('base64');
        }
        case 'restore': {
          if (!options.backups) throw userError('restore is not available on this server');
          if (typeof args[1] !== 'string') throw typeError('restore() needs the backup as a base64 string');
          await options.backups.restoreFromBuffer(catalog, args[0], Buffer.from(args[1], 'base64'), bool(args[2]), context.signal);
          return true;
        }
        default:
          throw new Error('unreachable');
      }
    } catch (error) {
      operationFailed(error);
    }
  };
}
