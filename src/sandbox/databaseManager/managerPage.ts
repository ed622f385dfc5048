// The HTML pages of /web/database/manager (the databases and one plain form per action, with an error sentence) and
// /web/database/selector (the databases to pick from), and the redirect page that ends a successful action.
import { escapeHtml } from '../http/markupEscape';

export interface ManagerView {
  databases: string[] | null;
  languages: [string, string][];
  error: string | null;
}

const field = (label: string, name: string, type = 'text', extra = '') =>
  `<label>${label} <input type="${type}" name="${name}"${extra}></label>`;

function form(action: string, title: string, body: string, multipart = false): string {
  const encoding = multipart ? ' enctype="multipart/form-data"' : '';
  return `<section><h2>${title}</h2><form method="post" action="/web/database/${action}"${encoding}>${body}<button type="submit">${title}</button></form></section>`;
}

export function managerPage(view: ManagerView): string {
  const master = field('Master password', 'master_pwd', 'password', ' required');
  const options = (view.databases ?? []).map((name) => `<option>${escapeHtml(name)}</option>`).join('');
  const pick = (name: string) =>
    view.databases === null
      ? field('Database', name, 'text', ' required')
      : `<label>Database <select name="${name}">${options}</select></label>`;
  const langs = view.languages
    .map(([code, name]) => `<option value="${escapeHtml(code)}"${code === 'en_US' ? ' selected' : ''}>${escapeHtml(name)}</option>`)
    .join('');
  const list =
    view.databases === null
      ? '<p>Listing the databases is disabled on this server.</p>'
      : `<ul>${view.databases.map((name) => `<li>${escapeHtml(name)}</li>`).join('') || '<li>(no database)</li>'}</ul>`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Database manager</title></head><body>
<h1>Database manager</h1>
${view.error === null ? '' : `<p role="alert" class="error">${escapeHtml(view.error)}</p>`}
<h2>Databases</h2>${list}
${form('create', 'Create', `${master}${field('Database name', 'name', 'text', ' required')}${field('Email / login', 'login', 'text', ' value="admin"')}${field('Password', 'password', 'password', ' required')}${field('Phone', 'phone')}<label>Language <select name="lang">${langs}</select></label>${field('Country code', 'country_code')}<label><input type="checkbox" name="demo" value="1"> Demo data</label>`)}
${form('duplicate', 'Duplicate', `${master}${pick('name')}${field('New name', 'new_name', 'text', ' required')}<label><input type="checkbox" name="neutralize_database" value="1"> Neutralise (API keys removed)</label>`)}
${form('backup', 'Backup', `${master}${pick('name')}<label>Format <select name="backup_format"><option value="zip">zip (dump.sql, manifest.json, filestore)</option><option value="dump">plain SQL dump</option></select></label>`)}
${form('restore', 'Restore', `${master}${field('File', 'backup_file', 'file', ' required')}${field('Database name', 'name', 'text', ' required')}<label><input type="checkbox" name="copy" value="1"> This database is a copy (new uuid)</label><label><input type="checkbox" name="neutralize" value="1"> Neutralise</label>`, true)}
${form('drop', 'Delete', `${master}${pick('name')}`)}
${form('change_password', 'Set master password', `${master}${field('New master password', 'master_pwd_new', 'password', ' required')}`)}
</body></html>
`;
}

/** /web/database/selector: the databases, each a link to its login page, and the way to the manager. */
export function selectorPage(databases: string[] | null): string {
  const list =
    databases === null
      ? '<p>Listing the databases is disabled on this server.</p>'
      : `<ul>${databases.map((name) => `<li><a href="/web?db=${encodeURIComponent(name)}">${escapeHtml(name)}</a></li>`).join('') || '<li>(no database)</li>'}</ul>`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Select a database</title></head><body>
<h1>Select a database</h1>
${list}
<p><a href="/web/database/manager">Manage databases</a></p>
</body></html>
`;
}

/** The body of a 303 to `location`, as the reference's web library writes it. */
export function redirectPage(location: string): string {
  const target = escapeHtml(location);
  return `<!doctype html>
<html lang=en>
<title>Redirecting...</title>
<h1>Redirecting...</h1>
<p>You should be redirected automatically to the target URL: <a href="${target}">${target}</a>. If not, click the link.
`;
}
