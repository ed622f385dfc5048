// The HTML of the key pages: a layout, the login form and the "Account security" page. Every value is escaped.
import { escapeHtml } from '../http/markupEscape';

export interface KeyRow {
  id: number;
  name: string;
  scope: string | null;
  created: string;
  expires: string;
  expired: boolean;
}

export const DURATIONS: ReadonlyArray<readonly [value: string, label: string]> = [
  ['1d', '1 day'],
  ['7d', '1 week'],
  ['1m', '1 month'],
  ['3m', '3 months (the maximum)'],
];

const STYLE =
  'body{font-family:system-ui,sans-serif;max-width:46rem;margin:2rem auto;padding:0 1rem;color:#222}' +
  'table{border-collapse:collapse;width:100%}td,th{border-bottom:1px solid #ddd;padding:.4rem;text-align:left}' +
  '.error{color:#b00020}.key{font-family:monospace;font-size:1.1rem;background:#f4f4f4;padding:.6rem;word-break:break-all}' +
  'label{display:block;margin:.5rem 0}input,select{font:inherit}';

export function layout(title: string, body: string): string {
  return (
    `<!doctype html>\n<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)} - JSON-2 sandbox</title>` +
    `<style>${STYLE}</style></head><body>\n${body}\n</body></html>\n`
  );
}

const csrfField = (token: string) => `<input type="hidden" name="csrf_token" value="${escapeHtml(token)}">`;

/**
 * The login form. `databases`: the names to choose from (no field for a single one), or null when listing them is
 * disabled (--no-list-db): a text field then, filled only with what the person asked for.
 */
export function loginPage(options: {
  csrfToken: string;
  databases: string[] | null;
  database: string | null;
  login: string;
  error: string | null;
  redirect?: string | null;
}): string {
  const { databases } = options;
  const databaseField =
    databases === null
      ? `<label>Database <input name="db" autocomplete="off" value="${escapeHtml(options.database ?? '')}"></label>`
      : databases.length > 1
        ? `<label>Database <select name="db">${databases.map((name) => `<option${name === options.database ? ' selected' : ''}>${escapeHtml(name)}</option>`).join('')}</select></label>`
        : '';
  return layout(
    'Log in',
    `<h1>Log in</h1>
${options.error ? `<p class="error" role="alert">${escapeHtml(options.error)}</p>` : ''}
<form method="post" action="/web/login">
${csrfField(options.csrfToken)}
${options.redirect ? `<input type="hidden" name="redirect" value="${escapeHtml(options.redirect)}">` : ''}
${databaseField}
<label>Login <input name="login" autocomplete="username" required value="${escapeHtml(options.login)}"></label>
<label>Password <input name="password" type="password" autocomplete="current-password" required></label>
<button type="submit">Log in</button>
</form>
<p>API keys cannot be used here: log in with your password.</p>`,
  );
}

export function securityPage(options: {
  csrfToken: string;
  userName: string;
  database: string;
  keys: KeyRow[];
  newKey: string | null;
  error: string | null;
  message: string | null;
}): string {
  const rows = options.keys
    .map(
      (key) =>
        `<tr><td>${escapeHtml(key.name)}</td><td>${escapeHtml(key.scope ?? '')}</td><td>${escapeHtml(key.created)}</td>` +
        `<td>${escapeHtml(key.expires)}${key.expired ? ' (expired)' : ''}</td>` +
        `<td><form method="post" action="/web/security/keys/delete">${csrfField(options.csrfToken)}<input type="hidden" name="key_id" value="${key.id}"><button type="submit">Delete</button></form></td></tr>`,
    )
    .join('\n');
  const newKey = options.newKey
    ? `<section aria-label="New API key"><h2>Your new API key</h2><p>Copy it now: it will not be shown again.</p><p class="key" id="new-api-key">${escapeHtml(options.newKey)}</p></section>`
    : '';
  return layout(
    'Account security',
    `<h1>Account security</h1>
<p>Logged in as ${escapeHtml(options.userName)} on database ${escapeHtml(options.database)}.</p>
<form method="post" action="/web/session/logout">${csrfField(options.csrfToken)}<button type="submit">Log out</button></form>
${options.error ? `<p class="error" role="alert">${escapeHtml(options.error)}</p>` : ''}
${options.message ? `<p role="status">${escapeHtml(options.message)}</p>` : ''}
${newKey}
<h2>API keys</h2>
${options.keys.length > 0 ? `<table><thead><tr><th>Description</th><th>Scope</th><th>Created</th><th>Expires</th><th></th></tr></thead><tbody>\n${rows}\n</tbody></table>` : '<p>You have no API keys.</p>'}
<h2>New API key</h2>
<form method="post" action="/web/security/keys/new">
${csrfField(options.csrfToken)}
<label>Description <input name="name" required maxlength="200"></label>
<label>Duration <select name="duration">${DURATIONS.map(([value, label]) => `<option value="${value}">${escapeHtml(label)}</option>`).join('')}</select></label>
<label>Your password (to confirm it is you) <input name="password" type="password" autocomplete="current-password" required></label>
<button type="submit">Generate key</button>
</form>`,
  );
}
