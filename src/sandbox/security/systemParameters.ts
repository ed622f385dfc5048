// Reading system parameters (ir.config_parameter) and the key-management settings they hold.
import type { SqlClient } from '../storage/sqlClient';

export async function getParameter(cr: SqlClient, key: string): Promise<string | null> {
  const result = await cr.query<{ value: string }>('SELECT value FROM ir_config_parameter WHERE key = $1', [key]);
  return result.rows[0]?.value ?? null;
}

/** Python's str2bool as the reference server uses it for parameters. */
export function parameterIsTrue(value: string | null): boolean {
  return value !== null && ['y', 'yes', '1', 'true', 't', 'on'].includes(value.trim().toLowerCase());
}

export const DEFAULT_PROGRAMMATIC_KEY_LIMIT = 10;

/** `base.programmatic_api_keys_limit`, or 10 when unset or not an integer. */
export async function programmaticKeyLimit(cr: SqlClient): Promise<number> {
  const value = await getParameter(cr, 'base.programmatic_api_keys_limit');
  if (value === null || !/^\s*[+-]?\d+\s*$/.test(value)) return DEFAULT_PROGRAMMATIC_KEY_LIMIT;
  return Number.parseInt(value, 10);
}

export async function programmaticKeysEnabled(cr: SqlClient): Promise<boolean> {
  return parameterIsTrue(await getParameter(cr, 'base.enable_programmatic_api_keys'));
}
