// What /web/session/authenticate and /web/session/get_session_info answer: the reference's (release 19) session info
// of the logged-in user, with the keys that describe the sandbox's data (the web client's asset and profiling keys are
// given their empty values).
import type { CurrentUser } from '../orm/access/currentUser';
import { GROUP_ERP_MANAGER, GROUP_SYSTEM, SUPERUSER_ID } from '../orm/access/currentUser';
import type { SqlClient } from '../storage/sqlClient';

/** The reference's default upload limit (128 MiB), when `web.max_file_upload_size` is not set. */
const DEFAULT_MAX_FILE_UPLOAD_SIZE = 128 * 1024 * 1024;

async function parameter(cr: SqlClient, key: string): Promise<string | null> {
  return (await cr.query<{ value: string }>('SELECT value FROM ir_config_parameter WHERE key = $1', [key])).rows[0]?.value ?? null;
}

/** `{id: {symbol, position, digits: [69, decimals]}}` of the active currencies (res.currency's get_all_currencies). */
async function currencies(cr: SqlClient): Promise<Record<string, unknown>> {
  const rows = await cr.query<{ id: number; symbol: string; position: string; decimal_places: number }>(
    'SELECT id, symbol, position, decimal_places FROM res_currency WHERE active ORDER BY id',
  );
  return Object.fromEntries(
    rows.rows.map((row) => [row.id, { symbol: row.symbol, position: row.position, digits: [69, Number(row.decimal_places)] }]),
  );
}

/** The companies the user may work in, as the reference's `user_companies`. */
async function userCompanies(cr: SqlClient, user: CurrentUser): Promise<Record<string, unknown>> {
  const rows = await cr.query<{ id: number; name: string; currency_id: number | null }>(
    'SELECT id, name, currency_id FROM res_company WHERE id = ANY($1::int[]) ORDER BY id',
    [[...user.companyIds]],
  );
  return {
    current_company: user.companyId,
    allowed_companies: Object.fromEntries(
      rows.rows.map((row) => [
        row.id,
        { id: row.id, name: row.name, sequence: 10, child_ids: [], parent_id: false, currency_id: row.currency_id ?? false },
      ]),
    ),
    disallowed_ancestor_companies: {},
  };
}

/** The session info of `user` on `database` (the server claims release `versionInfo`). */
export async function sessionInfo(
  cr: SqlClient,
  database: string,
  user: CurrentUser,
  versionInfo: readonly (number | string)[],
): Promise<Record<string, unknown>> {
  const partner = await cr.query<{ share: boolean | null; display_name: string | null; write_date: string | null }>(
    `SELECT u.share, p.name AS display_name, to_char(p.write_date, 'YYYY-MM-DD HH24:MI:SS') AS write_date
       FROM res_users u LEFT JOIN res_partner p ON p.id = u.partner_id WHERE u.id = $1`,
    [user.id],
  );
  const row = partner.rows[0] ?? { share: false, display_name: null, write_date: null };
  const internal = row.share !== true;
  const maxUpload = Number(await parameter(cr, 'web.max_file_upload_size'));
  const info: Record<string, unknown> = {
    uid: user.id,
    is_system: user.id === SUPERUSER_ID || user.groups.has(GROUP_SYSTEM),
    is_admin: user.id === SUPERUSER_ID || user.groups.has(GROUP_ERP_MANAGER),
    is_public: false,
    is_internal_user: internal,
    user_context: { lang: user.lang, tz: user.tz ?? false, uid: user.id },
    db: database,
    user_settings: {},
    server_version: `${versionInfo[0]}.${versionInfo[1]}`,
    server_version_info: [...versionInfo],
    support_url: 'https://www.odoo.com/buy',
    name: user.name,
    username: user.login,
    quick_login: true,
    partner_write_date: row.write_date ?? false,
    partner_display_name: row.display_name ?? false,
    partner_id: user.partnerId,
    'web.base.url': (await parameter(cr, 'web.base.url')) ?? '',
    active_ids_limit: Number(await parameter(cr, 'web.active_ids_limit')) || 20000,
    profile_session: null,
    profile_collectors: null,
    profile_params: null,
    max_file_upload_size: Number.isInteger(maxUpload) && maxUpload > 0 ? maxUpload : DEFAULT_MAX_FILE_UPLOAD_SIZE,
    home_action_id: false,
    currencies: await currencies(cr),
    bundle_params: { lang: user.lang },
    test_mode: false,
    view_info: {},
    groups: { 'base.group_allow_export': false },
  };
  if (internal) Object.assign(info, { user_companies: await userCompanies(cr, user), show_effect: true });
  return info;
}
