// Whole-database operations shared by the db service and the database manager: create with an administrator,
// duplicate (optionally neutralised), rename, neutralise. A database is copied or renamed while it is closed: the
// pool lets the calls running on it finish first and holds new ones back meanwhile.
import crypto from 'node:crypto';
import { hashSecret } from '../security/secretHashing';
import { formatDatetime } from '../orm/fieldValues';
import type { DatabaseCatalog } from '../catalog/databaseCatalog';
import { isValidDatabaseName } from '../storage/databasePool';
import type { SqlClient } from '../storage/sqlClient';
import { pythonRepr } from '../orm/pythonRepr';

/** Set on a neutralised copy (the reference server's flag). */
export const NEUTRALIZED_PARAMETER = 'database.is_neutralized';

/** A refused database operation; `exceptionName` is the exception the reference raises for it. */
export class DatabaseOperationError extends Error {
  constructor(
    message: string,
    readonly exceptionName = 'odoo.exceptions.UserError',
  ) {
    super(message);
  }
}

export interface NewDatabase {
  login: string;
  password: string;
  lang: string;
  /** With demo data (users, partners, tags, wide records), or only the reference data and the administrator. */
  demo?: boolean;
  countryCode?: string | null;
  phone?: string | null;
}

/** The reference's refusal of a new name that is not a valid database name (its manager checks it first). */
function needValidName(name: unknown): string {
  if (typeof name !== 'string' || !isValidDatabaseName(name))
    throw new DatabaseOperationError(
      "Houston, we have a database naming issue! Make sure you only use letters, numbers, underscores, hyphens, or dots in the database name, and you'll be golden.",
      'builtins.Exception',
    );
  return name;
}

/**
 * PostgreSQL's refusals of CREATE DATABASE ... TEMPLATE and ALTER DATABASE ... RENAME, which the reference's duplicate
 * and rename run: the source is looked up first, then the new name.
 */
function needCopyNames(catalog: DatabaseCatalog, source: unknown, target: unknown, sourceRole: 'template database' | 'database') {
  const to = needValidName(target);
  if (typeof source !== 'string' || !catalog.exists(source))
    throw new DatabaseOperationError(`${sourceRole} "${String(source)}" does not exist`, 'psycopg2.errors.InvalidCatalogName');
  if (catalog.exists(to)) throw new DatabaseOperationError(`database "${to}" already exists`, 'psycopg2.errors.DuplicateDatabase');
  return { from: source, to };
}

export function needExisting(catalog: DatabaseCatalog, name: unknown): string {
  if (typeof name !== 'string' || !catalog.exists(name)) throw new DatabaseOperationError(`Database ${String(name)} does not exist`);
  return name;
}

async function setParameter(cr: SqlClient, key: string, value: string, now: Date): Promise<void> {
  await cr.query('DELETE FROM ir_config_parameter WHERE key = $1', [key]);
  await cr.query(
    'INSERT INTO ir_config_parameter (key, value, create_uid, create_date, write_uid, write_date) VALUES ($1, $2, 1, $3, 1, $3)',
    [key, value, formatDatetime(now)],
  );
}

/** Activates language `code` in a new database (every language of the reference is there, inactive). */
async function activateLanguage(cr: SqlClient, code: string): Promise<void> {
  const lang = await cr.query<{ id: number }>('UPDATE res_lang SET active = true WHERE code = $1 RETURNING id', [code]);
  if (lang.rows.length === 0) throw new DatabaseOperationError(`Unknown language '${code}'`);
}

/** A new database from the template whose administrator gets `login` and `password`; the language and country too. */
export async function createDatabase(catalog: DatabaseCatalog, name: unknown, setup: NewDatabase): Promise<void> {
  const database = needValidName(name);
  if (catalog.exists(database))
    throw new DatabaseOperationError(`database ${pythonRepr(database)} already exists!`, 'odoo.service.db.DatabaseExists');
  if (setup.login === '' || setup.password === '') throw new DatabaseOperationError('The administrator needs a login and a password');
  await catalog.createDatabase(database, { demo: setup.demo ?? false });
  try {
    await catalog.use(database, (storage) =>
      storage.transaction(async (cr) => {
        await activateLanguage(cr, setup.lang);
        const hash = await hashSecret(setup.password, catalog.hashCost);
        await cr.query("UPDATE res_users SET login = $1, password_hash = $2, lang = $3 WHERE login = 'admin'", [
          setup.login,
          hash,
          setup.lang,
        ]);
        if (setup.countryCode) {
          const country = await cr.query<{ id: number }>('SELECT id FROM res_country WHERE code = upper($1)', [setup.countryCode]);
          if (country.rows.length === 0) throw new DatabaseOperationError(`Unknown country code '${setup.countryCode}'`);
          await cr.query('UPDATE res_company SET country_id = $1', [country.rows[0].id]);
        }
        if (setup.phone) await cr.query('UPDATE res_company SET phone = $1', [setup.phone]);
        await cr.query('DELETE FROM res_users_apikeys');
      }),
    );
  } catch (error) {
    await catalog.dropDatabase(database);
    throw error;
  }
  catalog.authenticator(database).clear();
}

/** Removes what lets the copy act on the outside world: every API key; then flags the database as neutralised. */
export async function neutralizeDatabase(catalog: DatabaseCatalog, name: string): Promise<void> {
  await catalog.use(name, (storage) =>
    storage.transaction(async (cr) => {
      await cr.query('DELETE FROM res_users_apikeys');
      await setParameter(cr, NEUTRALIZED_PARAMETER, 'True', catalog.clock.now());
    }),
  );
  catalog.authenticator(name).clear();
}

/** Gives a copied database its own identity. */
export async function newIdentity(catalog: DatabaseCatalog, name: string): Promise<void> {
  await catalog.use(name, (storage) =>
    storage.transaction((cr) => setParameter(cr, 'database.uuid', crypto.randomUUID(), catalog.clock.now())),
  );
}

/** Copies `source` into the new database `target` (closed first, so the copy is consistent), with a new uuid. */
export async function duplicateDatabase(catalog: DatabaseCatalog, source: unknown, target: unknown, neutralize: boolean): Promise<void> {
  const { from, to } = needCopyNames(catalog, source, target, 'template database');
  await catalog.copyDatabase(from, to);
  await newIdentity(catalog, to);
  if (neutralize) await neutralizeDatabase(catalog, to);
}

/** Drops `name`; false, and nothing done, when there is no such database (as the reference's drop answers). */
export async function dropDatabase(catalog: DatabaseCatalog, name: unknown): Promise<boolean> {
  if (typeof name !== 'string' || !catalog.exists(name)) return false;
  await catalog.dropDatabase(name);
  return true;
}

export async function renameDatabase(catalog: DatabaseCatalog, oldName: unknown, newName: unknown): Promise<void> {
  const { from, to } = needCopyNames(catalog, oldName, newName, 'database');
  await catalog.renameDatabase(from, to);
}
