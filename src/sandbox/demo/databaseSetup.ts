// Fills a brand-new database: the schema of the models, then the demo data (as the internal superuser).
import crypto from 'node:crypto';
import { systemClock } from '../orm/clock';
import { Environment } from '../orm/environment';
import { formatDatetime } from '../orm/fieldValues';
import type { Registry } from '../orm/registry';
import { createRecords } from '../orm/recordWrite';
import { schemaStatements } from '../orm/schemaSql';
import { syncMetaModels } from '../models/metaModelSync';
import { GROUP_ERP_MANAGER, GROUP_SYSTEM, GROUP_USER, SUPERUSER_ID, type CurrentUser } from '../orm/access/currentUser';
import { SecurityTables } from '../orm/access/securityTables';
import type { SqlClient, Storage } from '../storage/sqlClient';
import { addExternalId } from './externalIds';
import { createSalesDemoData, createSalesReferenceData } from './salesSetup';
import { wideValues } from './wideRecords';
import { KNOWN_LANGUAGES } from './referenceLanguages';
import {
  COUNTRIES,
  CURRENCIES,
  FRENCH_CATEGORY_NAMES,
  FRENCH_COUNTRY_NAMES,
  SECOND_COMPANY,
  GENERATED_CONTACTS,
  GROUPS,
  INDIVIDUALS,
  LANGUAGES,
  PARTNER_CATEGORIES,
  PARTNER_COMPANIES,
  PRIVILEGES,
  USERS,
  WIDE_RECORDS,
} from './demoRecords';

const SUPERUSER: CurrentUser = {
  id: SUPERUSER_ID,
  login: '__system__',
  name: 'System',
  companyId: 1,
  companyIds: [1],
  partnerId: null,
  lang: 'en_US',
  tz: null,
  groups: new Set([GROUP_USER, GROUP_ERP_MANAGER, GROUP_SYSTEM]),
  groupIds: new Set(),
};

/** An environment of the internal superuser on `cr` (rights not checked). */
export function superuserEnvironment(cr: SqlClient, registry: Registry, hashCost: number, now = systemClock.now()): Environment {
  return new Environment(
    cr,
    registry,
    SUPERUSER,
    { lang: 'en_US' },
    now,
    { clock: systemClock, forgetApiKeys: () => undefined, recordsChanged: () => undefined, hashCost, security: SecurityTables.EMPTY },
    true,
  );
}

async function createReferenceData(env: Environment): Promise<Map<string, number>> {
  const countryIds = await createRecords(
    env,
    env.model('res.country'),
    COUNTRIES.map(([code, name, phone]) => ({ code, name, phone_code: phone })),
  );
  await createRecords(
    env,
    env.model('res.lang'),
    LANGUAGES.map((lang) => ({
      code: lang.code,
      name: lang.name,
      iso_code: lang.iso,
      url_code: lang.url,
      active: lang.active,
      direction: lang.direction,
      date_format: lang.dateFormat,
    })),
  );
  // The reference's other languages, inactive (its res.lang holds every language it knows).
  const known = new Set(LANGUAGES.map((lang) => lang.code));
  await createRecords(
    env,
    env.model('res.lang'),
    KNOWN_LANGUAGES.filter((lang) => !known.has(lang.code)).map((lang) => ({
      code: lang.code,
      name: lang.name,
      iso_code: lang.iso,
      url_code: lang.iso,
      active: false,
      direction: lang.direction,
    })),
  );
  for (const [code, name] of Object.entries(FRENCH_COUNTRY_NAMES)) {
    await env.cr.query("UPDATE res_country SET name = name || jsonb_build_object('fr_FR', $1::text) WHERE code = $2", [name, code]);
  }
  return new Map(COUNTRIES.map(([code], index) => [code, countryIds[index]]));
}

/** The users of a database without demo data: the internal superuser and the administrator. */
const BASE_USERS = new Set(['base.user_root', 'base.user_admin']);

/** The privileges of the demo groups and their applications; external id → privilege id. */
async function createPrivileges(env: Environment): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  for (const privilege of PRIVILEGES) {
    const [categoryId] = await createRecords(env, env.model('ir.module.category'), [{ name: privilege.application.name }]);
    await addExternalId(env, privilege.application.xmlId, 'ir.module.category', categoryId);
    const [id] = await createRecords(env, env.model('res.groups.privilege'), [{ name: privilege.name, category_id: categoryId }]);
    await addExternalId(env, privilege.xmlId, 'res.groups.privilege', id);
    ids.set(privilege.xmlId, id);
  }
  return ids;
}

async function createCompanyAndUsers(env: Environment, countries: Map<string, number>, demo: boolean): Promise<void> {
  const [companyPartner] = await createRecords(env, env.model('res.partner'), [
    {
      name: 'My Company (San Francisco)',
      is_company: true,
      email: 'info@yourcompany.com',
      phone: '+1 555-555-5556',
      street: '250 Executive Park Blvd, Suite 3400',
      city: 'San Francisco',
      zip: '94134',
      country_id: countries.get('US'),
      website: 'http://www.example.com',
    },
  ]);
  const [company] = await createRecords(env, env.model('res.company'), [
    {
      name: 'My Company (San Francisco)',
      partner_id: companyPartner,
      email: 'info@yourcompany.com',
      phone: '+1 555-555-5556',
      country_id: countries.get('US'),
    },
  ]);
  await env.cr.query('UPDATE res_partner SET company_id = $1 WHERE id = $2', [company, companyPartner]);
  await addExternalId(env, 'base.main_company', 'res.company', company);
  await addExternalId(env, 'base.main_partner', 'res.partner', companyPartner);
  const privilegeIds = await createPrivileges(env);
  const groupIds = new Map<string, number>();
  for (const group of GROUPS) {
    const [id] = await createRecords(env, env.model('res.groups'), [
      {
        name: group.name,
        comment: group.comment,
        share: group.share,
        api_key_duration: group.apiKeyDays ?? 0,
        privilege_id: (group.privilege && privilegeIds.get(group.privilege)) || false,
      },
    ]);
    groupIds.set(group.xmlId, id);
    await addExternalId(env, group.xmlId, 'res.groups', id);
  }
  for (const user of USERS.filter((candidate) => demo || BASE_USERS.has(candidate.xmlId))) {
    const [id] = await createRecords(env, env.model('res.users'), [
      {
        login: user.login,
        name: user.name,
        email: user.email,
        password: user.password ?? false,
        share: user.share,
        active: user.active,
        tz: user.tz,
        company_id: company,
      },
    ]);
    await addExternalId(env, user.xmlId, 'res.users', id);
    for (const group of user.groups)
      await env.cr.query('INSERT INTO res_groups_users_rel (gid, uid) VALUES ($1, $2)', [groupIds.get(group), id]);
    await env.cr.query('INSERT INTO res_company_users_rel (cid, user_id) VALUES ($1, $2)', [company, id]);
  }
}

/**
 * The second company, with its partner and contacts in that company (hidden from users of the main company only), made
 * after the other partners so that their ids do not move; the users marked allCompanies may work in it.
 */
async function createSecondCompany(env: Environment, countries: Map<string, number>): Promise<void> {
  const { contacts, ...address } = SECOND_COMPANY;
  const [partner] = await createRecords(env, env.model('res.partner'), [{ ...address, is_company: true, country_id: countries.get('US') }]);
  const [company] = await createRecords(env, env.model('res.company'), [
    { name: address.name, partner_id: partner, email: address.email, phone: address.phone, country_id: countries.get('US') },
  ]);
  await env.cr.query('UPDATE res_partner SET company_id = $1 WHERE id = $2', [company, partner]);
  await createRecords(
    env,
    env.model('res.partner'),
    contacts.map(([name, job]) => ({
      name,
      function: job,
      parent_id: partner,
      company_id: company,
      city: address.city,
      country_id: countries.get('US'),
    })),
  );
  await addExternalId(env, 'sandbox.company_chicago', 'res.company', company);
  const logins = USERS.filter((user) => user.allCompanies).map((user) => user.login);
  await env.cr.query('INSERT INTO res_company_users_rel (cid, user_id) SELECT $1, id FROM res_users WHERE login = ANY($2::text[])', [
    company,
    logins,
  ]);
}

const FIRST_NAMES = ['Alex', 'Bea', 'Carmen', 'Dirk', 'Elif', 'Farid', 'Greta', 'Hugo', 'Ines', 'Jonas'];
const LAST_NAMES = ['Anders', 'Bosch', 'Costa', 'Dijkstra'];

async function createPartners(env: Environment, countries: Map<string, number>): Promise<void> {
  const partners = env.model('res.partner');
  const domain = (name: string) =>
    name
      .toLowerCase()
      .normalize('NFD')
      .replace(/[^a-z0-9]+/g, '')
      .slice(0, 16) || 'example';
  const companyIds: number[] = [];
  for (const [index, company] of PARTNER_COMPANIES.entries()) {
    const country = countries.get(company.country);
    const [companyId] = await createRecords(env, partners, [
      {
        name: company.name,
        is_company: true,
        street: company.street,
        city: company.city,
        zip: company.zip,
        country_id: country,
        email: `info@${domain(company.name)}.example.com`,
        phone: `+${index + 10} 555 01${String(index).padStart(2, '0')}`,
        company_id: 1,
        website: `https://www.${domain(company.name)}.example.com`,
        color: index % 12,
        ref: `C${String(index + 1).padStart(4, '0')}`,
        credit_limit: 5000 * ((index % 5) + 1),
      },
    ]);
    companyIds.push(companyId);
    await createRecords(
      env,
      partners,
      company.contacts.map(([name, job], contact) => ({
        name,
        function: job,
        parent_id: companyId,
        street: company.street,
        city: company.city,
        zip: company.zip,
        country_id: country,
        company_id: 1,
        email: `${domain(name)}@${domain(company.name)}.example.com`,
        phone: `+${index + 10} 555 1${contact}${String(index).padStart(2, '0')}`,
      })),
    );
  }
  await createRecords(
    env,
    partners,
    INDIVIDUALS.map(([name, city, country], index) => ({
      name,
      city,
      country_id: countries.get(country),
      email: `${domain(name)}@example.com`,
      company_id: 1,
      date: `2024-${String((index % 12) + 1).padStart(2, '0')}-15`,
      partner_latitude: 40 + index * 1.25,
      partner_longitude: -3 + index * 2.5,
    })),
  );
  await createRecords(
    env,
    partners,
    Array.from({ length: GENERATED_CONTACTS }, (_, index) => ({
      name: `${FIRST_NAMES[index % FIRST_NAMES.length]} ${LAST_NAMES[Math.floor(index / FIRST_NAMES.length) % LAST_NAMES.length]}`,
      parent_id: companyIds[index % companyIds.length],
      type: index % 4 === 0 ? 'invoice' : index % 4 === 1 ? 'delivery' : 'contact',
      company_id: 1,
      email: `contact${index + 1}@example.com`,
      active: index % 13 !== 12,
    })),
  );
  const categoryIds = new Map<string, number>();
  for (const [index, [name, parent, companies]] of PARTNER_CATEGORIES.entries()) {
    const [id] = await createRecords(env, env.model('res.partner.category'), [
      { name, parent_id: parent ? categoryIds.get(parent) : false, color: index + 1 },
    ]);
    categoryIds.set(name, id);
    if (FRENCH_CATEGORY_NAMES[name])
      await env.cr.query("UPDATE res_partner_category SET name = name || jsonb_build_object('fr_FR', $1::text) WHERE id = $2", [
        FRENCH_CATEGORY_NAMES[name],
        id,
      ]);
    for (const company of companies)
      await env.cr.query('INSERT INTO res_partner_res_partner_category_rel (category_id, partner_id) VALUES ($1, $2)', [
        id,
        companyIds[company],
      ]);
  }
}

async function createCurrencies(env: Environment): Promise<number[]> {
  return createRecords(
    env,
    env.model('res.currency'),
    CURRENCIES.map(([name, full_name, symbol, position, decimal_places, active]) => ({
      name,
      full_name,
      symbol,
      position,
      decimal_places,
      rounding: decimal_places === 0 ? 1 : 0.01,
      active,
    })),
  );
}

async function createWideRecords(env: Environment, currencies: number[]): Promise<void> {
  const partners = (await env.cr.query<{ id: number }>('SELECT id FROM res_partner WHERE is_company ORDER BY id LIMIT 10')).rows.map(
    (row) => row.id,
  );
  const tags = (await env.cr.query<{ id: number }>('SELECT id FROM res_partner_category ORDER BY id')).rows.map((row) => row.id);
  for (let record = 0; record < WIDE_RECORDS; record += 1)
    await createRecords(env, env.model('sandbox.wide'), [wideValues(record, partners, tags, currencies[record % 2])]);
}

/**
 * Creates the schema and the data in a new, empty database: reference data (countries, languages, currencies), the
 * company, groups and administrator, and with `demo` (the default) the demo users, partners, tags and wide records.
 */
export async function populateDatabase(
  storage: Storage,
  registry: Registry,
  hashCost: number,
  options: { demo?: boolean } = {},
): Promise<void> {
  const demo = options.demo ?? true;
  for (const statement of schemaStatements(registry)) await storage.query(statement);
  await storage.transaction(async (cr) => {
    await cr.query('SET CONSTRAINTS ALL DEFERRED');
    const env = superuserEnvironment(cr, registry, hashCost);
    const countries = await createReferenceData(env);
    await createCompanyAndUsers(env, countries, demo);
    const currencies = await createCurrencies(env);
    await createSalesReferenceData(env);
    if (demo) {
      await createPartners(env, countries);
      await createSecondCompany(env, countries);
      await createWideRecords(env, currencies);
      await createSalesDemoData(env);
    }
    await syncMetaModels(env);
  });
}

/** Gives a database made from the template its own identity (uuid, creation date). */
export async function initializeCopiedDatabase(storage: Storage, registry: Registry, hashCost: number, now: Date): Promise<void> {
  await storage.transaction(async (cr) => {
    const env = superuserEnvironment(cr, registry, hashCost, now);
    await cr.query("DELETE FROM ir_config_parameter WHERE key IN ('database.uuid', 'database.create_date')");
    await createRecords(env, env.model('ir.config_parameter'), [
      { key: 'database.uuid', value: crypto.randomUUID() },
      { key: 'database.create_date', value: formatDatetime(now) },
    ]);
    await syncMetaModels(env);
  });
}
