// Loads the calling user (with their group external ids) from the database.
import type { SqlClient } from '../storage/sqlClient';
import type { CurrentUser } from '../orm/access/currentUser';

/** Columns of a CurrentUser over `res_users u`, for queries that join users with something else. */
export const USER_COLUMNS = `u.id AS user_id, u.login, u.name, u.company_id, u.partner_id, u.lang, u.tz,
  ARRAY(SELECT d.module || '.' || d.name FROM res_groups_users_rel r JOIN ir_model_data d ON d.model = 'res.groups' AND d.res_id = r.gid WHERE r.uid = u.id) AS groups,
  ARRAY(SELECT r.gid FROM res_groups_users_rel r WHERE r.uid = u.id) AS group_ids,
  ARRAY(SELECT c.cid FROM res_company_users_rel c WHERE c.user_id = u.id) AS company_ids`;

export interface UserRow {
  user_id: number;
  login: string;
  name: string;
  company_id: number;
  partner_id: number | null;
  lang: string | null;
  tz: string | null;
  groups: string[] | null;
  group_ids: number[] | null;
  company_ids: number[] | null;
}

export function userFromRow(row: UserRow): CurrentUser {
  return {
    id: row.user_id,
    login: row.login,
    name: row.name,
    companyId: row.company_id,
    // The current company is always allowed, even when company_ids forgets it.
    companyIds: [...new Set([row.company_id, ...(row.company_ids ?? [])])],
    partnerId: row.partner_id,
    lang: row.lang ?? 'en_US',
    tz: row.tz,
    groups: new Set(row.groups ?? []),
    groupIds: new Set((row.group_ids ?? []).map(Number)),
  };
}

/** The active user `id`, or null. */
export async function loadUser(cr: SqlClient, id: number): Promise<CurrentUser | null> {
  const result = await cr.query<UserRow>(`SELECT ${USER_COLUMNS} FROM res_users u WHERE u.id = $1 AND u.active`, [id]);
  return result.rows.length > 0 ? userFromRow(result.rows[0]) : null;
}
