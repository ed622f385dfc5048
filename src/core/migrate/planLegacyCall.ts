// Turns a found call into a finding: what it is, what replaces it, and the conversion plan or the reason there is none.
import { type LegacyCallSite, type SourceExpr, lineAt, stringOf } from './legacyCall';
import { type Conversion, type MigrationFinding, added } from './migrationPlan';
import { NEWEST_RELEASE, type Release, callTimeline } from './removalTimeline';
import { planObjectCall } from './planObjectCall';
import { DATE_NOTE, temporalParts } from './literalWriters';

const DB_FORMS: Readonly<Record<string, { path: string; fields: readonly (string | undefined)[] }>> = {
  // Positional parameters of each db function → the controller's form fields (undefined: not taken by the controller).
  create_database: {
    path: '/web/database/create',
    fields: ['master_pwd', 'name', 'demo', 'lang', 'password', 'login', undefined, 'phone'],
  },
  duplicate_database: { path: '/web/database/duplicate', fields: ['master_pwd', 'name', 'new_name', 'neutralize_database'] },
  drop: { path: '/web/database/drop', fields: ['master_pwd', 'name'] },
  dump: { path: '/web/database/backup', fields: ['master_pwd', 'name', 'backup_format'] },
  change_admin_password: { path: '/web/database/change_password', fields: ['master_pwd', 'master_pwd_new'] },
};

const REDIRECT_NOTE =
  'The database-manager controllers answer with a redirect (303) on success and the manager page on failure; the conversion turns that back into true or an error.';

/** The finding for one call site of a file whose text is `text`, for a project on `target` (the timeline says when it breaks). */
export function planLegacyCall(site: LegacyCallSite, text: string, target: Release = NEWEST_RELEASE): MigrationFinding {
  const call = `${site.service}.${site.functionName}`;
  const model = site.service === 'object' ? (stringOf(site.args?.[3]) ?? site.knownTarget?.model) : undefined;
  const method = site.service === 'object' ? (stringOf(site.args?.[4]) ?? site.knownTarget?.method) : undefined;
  const timeline = callTimeline(site.service, method, target);
  const where = { line: lineAt(text, site.start), start: site.start, end: site.end, urgency: timeline.urgency, removal: timeline.removal };
  const deprecated = `${site.transport === 'xmlrpc' ? 'XML-RPC' : 'JSON-RPC'} ${call}${model && method ? ` ${model}.${method}` : ''}: ${timeline.sentence}`;
  const manual = (reason: string, extra: Partial<MigrationFinding> = {}): MigrationFinding => ({
    ...where,
    call,
    message: `${deprecated}. ${capitalised(reason)}`,
    reason,
    severity: 'manual',
    ...extra,
  });
  const converts = (planned: Conversion, replacement: string, extra: Partial<MigrationFinding> = {}): MigrationFinding => {
    const conversion = site.args?.some((arg) => temporalParts(arg).length > 0)
      ? { ...planned, notes: [...planned.notes, DATE_NOTE] }
      : planned;
    if (site.declined) return manual(`use ${replacement}. Not rewritten: ${site.declined}.`, { ...extra, conversion });
    if (site.transport === 'jsonrpc' && !site.statement && !site.replacement) {
      return manual(
        `use ${replacement}. The code around this JSON-RPC body is not rewritten: ${site.envelopeReason ?? 'its request is not recognised'}. Rewrite it by hand; "Copy as .json2 request" shows the new call.`,
        { ...extra, conversion },
      );
    }
    if (!site.statement && !site.replacement)
      return manual(`use ${replacement}. The call sits inside a larger expression: assign its result to a variable first, then convert.`, {
        ...extra,
        conversion,
      });
    return { ...where, call, message: `${deprecated}. Use ${replacement}.`, conversion, severity: 'convertible', ...extra };
  };
  if (!site.args)
    return manual(`its arguments cannot be read (${site.dynamicReason ?? 'built dynamically'}); convert it by hand.`, { model, method });
  const args = site.args;

  if (site.service === 'object') {
    const planned = planObjectCall(site.functionName, args);
    const named = { model: planned.model, method: planned.method };
    if ('reason' in planned) return manual(`${planned.reason.replace(/\.$/, '')}; convert it by hand.`, named);
    const json2Method = planned.conversion.plan.kind === 'json2' ? planned.conversion.plan.method : planned.method;
    return converts(planned.conversion, `POST /json/2/${planned.model}/${json2Method}`, named);
  }
  if (site.service === 'common') {
    if (site.functionName === 'version') {
      const note =
        'GET /web/version answers {"version_info": [...], "version": "19.0"}; the mapping common.version returned is rebuilt from it (server_serie is the version, protocol_version is always 1).';
      return converts(
        { plan: { kind: 'route', verb: 'GET', path: '/web/version', result: 'legacyVersionInfo' }, notes: [note] },
        'GET /web/version',
      );
    }
    const uidNote = `JSON-2 needs no ${site.functionName}: the API key in the Authorization header identifies the user, so no uid is passed. When the code needs the user's id, POST /json/2/res.users/context_get returns it as "uid".`;
    if (site.statement?.kind !== 'assign' && site.language !== 'javascript') return manual(uidNote);
    return converts(
      { plan: { kind: 'json2', model: 'res.users', method: 'context_get', args: [], result: 'uid', database: args[0] }, notes: [uidNote] },
      'the API key (context_get gives the uid)',
    );
  }
  return planDbCall(site.functionName, args, converts, manual);
}

function planDbCall(
  name: string,
  args: readonly SourceExpr[],
  converts: (conversion: Conversion, replacement: string) => MigrationFinding,
  manual: (reason: string, extra?: Partial<MigrationFinding>) => MigrationFinding,
): MigrationFinding {
  switch (name) {
    case 'server_version':
      return converts(
        {
          plan: { kind: 'route', verb: 'GET', path: '/web/version', result: 'versionString' },
          notes: ['server_version() is the "version" entry of GET /web/version.'],
        },
        'GET /web/version',
      );
    case 'list':
      return converts(
        {
          plan: { kind: 'route', verb: 'POST', path: '/web/database/list', result: 'dbListResult' },
          notes: ["The database list comes from the database manager's /web/database/list (JSON-RPC body {})."],
        },
        'POST /web/database/list',
      );
    case 'db_exist':
      if (!args[0]) return manual('db_exist needs the database name.');
      return converts(
        {
          plan: { kind: 'route', verb: 'POST', path: '/web/database/list', result: 'dbExists', lookFor: args[0] },
          notes: [
            'There is no db_exist any more: the name is looked for in the list of /web/database/list (which may be disabled on the server).',
          ],
        },
        'a check of POST /web/database/list',
      );
    case 'list_lang':
    case 'list_countries': {
      const model = name === 'list_lang' ? 'res.lang' : 'res.country';
      const domain = name === 'list_lang' ? [['active', 'in', [true, false]]] : [];
      return converts(
        {
          plan: {
            kind: 'json2',
            model,
            method: 'search_read',
            args: [
              { name: 'domain', value: added(domain) },
              { name: 'fields', value: added(['code', 'name']) },
            ],
            result: 'codeNamePairs',
          },
          notes: [
            `${name} is read from ${model} through JSON-2 (with an API key instead of ${name === 'list_countries' ? 'the master password' : 'no authentication'}); the records are turned back into [code, name] pairs.`,
          ],
        },
        `POST /json/2/${model}/search_read`,
      );
    }
    case 'rename':
      return manual('rename has no replacement: the database manager offers duplicate and drop, not rename.', {
        severity: 'noReplacement',
      });
    case 'migrate_databases':
      return manual('migrate_databases has no programmatic replacement (spec); upgrades are run on the server.', {
        severity: 'noReplacement',
      });
    case 'restore': {
      if (args.length < 3 || args.length > 5)
        return manual(
          `restore takes the master password, the database name, the backup and optionally copy and neutralize; ${args.length} arguments given.`,
        );
      const fields = [
        { name: 'master_pwd', value: args[0] },
        { name: 'name', value: args[1] },
      ];
      if (args[3]) fields.push({ name: 'copy', value: args[3] });
      if (args[4]) fields.push({ name: 'neutralize', value: args[4] });
      return converts(
        {
          plan: {
            kind: 'manager',
            path: '/web/database/restore',
            fields,
            upload: { name: 'backup_file', base64: args[2] },
            result: 'redirectTrue',
          },
          notes: [
            'restore took the backup base64-encoded; the controller takes the file itself (multipart/form-data), so the conversion decodes it.',
            REDIRECT_NOTE,
          ],
        },
        'POST /web/database/restore',
      );
    }
    default: {
      const form = DB_FORMS[name];
      if (!form) return manual(`${name} is not a db-service function.`);
      if (args.length > form.fields.length) return manual(`${name} takes at most ${form.fields.length} arguments.`);
      const fields = args.flatMap((value, index) => (form.fields[index] ? [{ name: form.fields[index], value }] : []));
      const notes = name === 'dump' ? [] : [REDIRECT_NOTE];
      if (name === 'create_database' && args[6] && args[6].value !== null && args[6].value !== false)
        notes.push("The controller has no country_code field: set the company's country after creating the database.");
      if (name === 'dump')
        notes.push('dump returned the backup base64-encoded; the controller sends the file itself, so the conversion encodes it again.');
      return converts(
        { plan: { kind: 'manager', path: form.path, fields, result: name === 'dump' ? 'base64Body' : 'redirectTrue' }, notes },
        `POST ${form.path}`,
      );
    }
  }
}

function capitalised(sentence: string): string {
  return sentence.charAt(0).toUpperCase() + sentence.slice(1);
}
