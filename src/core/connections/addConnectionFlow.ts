// The `Add Connection` flow: URL (release and database list) → database (interface probed with it) → interface → API key
// (or login and password) → name → where to save.
import type { ConnectionLevel, ConnectionProfile, ConnectionProtocol, ConnectionUser } from './connectionProfile';
import { connectionNameProblem, databaseNameProblem, loginProblem, normaliseBaseUrl } from './connectionValidation';
import { parseConnectionTarget } from '../client/connectionTarget';
import { unknownDatabaseMessage } from '../client/databaseSelection';
import { BACK, type InputPort, type StepPosition } from './inputPort';
import { describeProbeFailure, type ServerProbe, type ServerRelease, type ServerTarget } from './serverProbe';
import { removalPhrase, removalsOf } from '../migrate/removalTimeline';

export interface AddConnectionContext {
  /** Names already in use (any level), compared without case. */
  readonly existingNames: readonly string[];
  /** False without a trusted workspace folder: the connection then goes to user settings. */
  readonly canSaveInWorkspace: boolean;
}

/** What the flow gathered; the caller saves the profile in settings and the secret in secret storage. */
export interface NewConnection {
  readonly profile: ConnectionProfile;
  readonly secret: string;
  readonly level: Exclude<ConnectionLevel, 'file'>;
}

interface Draft {
  baseUrl?: string;
  insecure?: boolean;
  allowInsecureHttp: boolean;
  release?: ServerRelease;
  databases?: readonly string[];
  database?: string;
  protocol?: ConnectionProtocol;
  login?: string;
  secret?: string;
  user?: ConnectionUser;
  name?: string;
  level?: NewConnection['level'];
}

type StepId = 'url' | 'insecure' | 'protocol' | 'database' | 'apiKey' | 'login' | 'password' | 'name' | 'level';
type StepResult = 'next' | 'back' | 'cancel';
const TITLE = 'Add JSON-2 Connection';

/** Asks the questions in order, with a back button on each step; undefined when the person cancels. */
export async function runAddConnectionFlow(
  port: InputPort,
  probe: ServerProbe,
  context: AddConnectionContext,
): Promise<NewConnection | undefined> {
  const draft: Draft = { allowInsecureHttp: false };
  let index = 0;
  for (;;) {
    const steps = stepsFor(draft, context);
    if (index >= steps.length) break;
    const position: StepPosition = { id: steps[index], title: TITLE, step: index + 1, totalSteps: steps.length };
    const result = await runStep(steps[index], position, port, probe, draft, context);
    if (result === 'cancel') return undefined;
    index = result === 'back' ? Math.max(0, index - 1) : index + 1;
  }
  return { profile: profileOf(draft), secret: draft.secret ?? '', level: draft.level ?? 'user' };
}

function stepsFor(draft: Draft, context: AddConnectionContext): StepId[] {
  const steps: StepId[] = ['url'];
  if (draft.insecure) steps.push('insecure');
  steps.push('database');
  if ((draft.release?.available.length ?? 0) > 1) steps.push('protocol');
  steps.push(
    ...(draft.protocol === undefined || draft.protocol === 'json2' ? ['apiKey' as const] : ['login' as const, 'password' as const]),
  );
  steps.push('name');
  if (context.canSaveInWorkspace) steps.push('level');
  return steps;
}

// No databaseHeader: the database goes in both standard headers (client/databaseSelection.ts), as the saved connection sends it.
function targetOf(draft: Draft): ServerTarget {
  return { baseUrl: draft.baseUrl ?? '', database: draft.database, allowInsecureHttp: true };
}

async function runStep(
  id: StepId,
  at: StepPosition,
  port: InputPort,
  probe: ServerProbe,
  draft: Draft,
  context: AddConnectionContext,
): Promise<StepResult> {
  const outcome = await askStep(id, at, port, probe, draft, context);
  return outcome === BACK ? 'back' : outcome === undefined ? 'cancel' : 'next';
}

async function askStep(
  id: StepId,
  at: StepPosition,
  port: InputPort,
  probe: ServerProbe,
  draft: Draft,
  context: AddConnectionContext,
): Promise<unknown> {
  switch (id) {
    case 'url':
      return port.askText({
        ...at,
        prompt: "The server's address, with its path prefix if it has one. Its release is checked first.",
        placeholder: 'https://erp.example.com',
        value: draft.baseUrl,
        validate: (value) => {
          const url = normaliseBaseUrl(value, true);
          return 'problem' in url ? url.problem : undefined;
        },
        check: async (value, signal) => {
          const url = normaliseBaseUrl(value, true);
          if ('problem' in url) return { problem: url.problem };
          const target = { ...targetOf(draft), baseUrl: url.url, database: undefined };
          try {
            const [release, databases] = await Promise.all([
              probe.release(target, signal),
              probe.databases(target, signal).catch(() => undefined),
            ]);
            const parsed = parseConnectionTarget(url.url, true);
            Object.assign(draft, {
              baseUrl: url.url,
              release,
              databases,
              protocol: release.protocol,
              insecure: !parsed.secure && !parsed.loopback,
            });
            return { value: true };
          } catch (error) {
            return { problem: describeProbeFailure(error, 'release') };
          }
        },
      });
    case 'insecure': {
      const answer = await port.pick({
        ...at,
        placeholder: `${draft.baseUrl} uses plain http://: the key would travel unencrypted. Anyone on the network could read it.`,
        items: [
          { label: 'Go back and use https://', value: false },
          { label: 'Send the key over http:// anyway', description: 'only on a network you trust', value: true },
        ],
      });
      if (answer === false) return BACK;
      if (answer === true) draft.allowInsecureHttp = true;
      return answer;
    }
    case 'protocol': {
      const available = draft.release?.available ?? [];
      const protocol = await port.pick<ConnectionProtocol>({
        ...at,
        active: draft.protocol,
        placeholder: `Release ${draft.release?.version ?? 'unknown'} offers ${available.map(protocolLabel).join(', ')}. Which interface?`,
        items: available.map((value) => ({
          label: protocolLabel(value),
          value,
          description:
            value === 'json2'
              ? 'API key; recommended'
              : `login and password (or key); deprecated, ${removalPhrase(removalsOf('object')[0])}`,
        })),
      });
      if (protocol !== BACK && protocol !== undefined) draft.protocol = protocol;
      return protocol;
    }
    case 'database':
      return askDatabase(at, port, probe, draft);
    case 'apiKey':
      return port.askText({
        ...at,
        password: true,
        prompt: `${releaseLine(draft)} Paste an API key (from your preferences, Account Security). It is checked, then kept in the editor's secret storage.`,
        placeholder: 'API key',
        validate: (value) => (value.trim() === '' ? 'Paste the API key.' : undefined),
        check: async (value, signal) => {
          try {
            draft.user = await probe.checkApiKey(targetOf(draft), value.trim(), signal);
            draft.secret = value.trim();
            return { value: true };
          } catch (error) {
            return { problem: describeProbeFailure(error, 'key') };
          }
        },
      });
    case 'login':
      return port.askText({
        ...at,
        prompt: draft.release?.available.includes('json2')
          ? `${releaseLine(draft)} Log in through the deprecated interface you chose.`
          : `${releaseLine(draft)} This server offers no JSON-2: log in through its deprecated RPC interface.`,
        placeholder: 'login',
        value: draft.login,
        validate: loginProblem,
        check: async (value) => {
          draft.login = value.trim();
          return { value: true };
        },
      });
    case 'password':
      return port.askText({
        ...at,
        password: true,
        prompt: `Password or API key of ${draft.login ?? ''}. It is checked, then kept in the editor's secret storage.`,
        placeholder: 'password or API key',
        validate: (value) => (value === '' ? 'Type the password or key.' : undefined),
        check: async (value, signal) => {
          try {
            draft.user = await probe.checkLogin(
              targetOf(draft),
              draft.protocol as Exclude<ConnectionProtocol, 'json2'>,
              draft.login ?? '',
              value,
              signal,
            );
            draft.secret = value;
            return { value: true };
          } catch (error) {
            return { problem: describeProbeFailure(error, 'login') };
          }
        },
      });
    case 'name':
      return port.askText({
        ...at,
        prompt: `${userLine(draft)} Name the connection (# @connection uses it).`,
        value: draft.name ?? suggestName(draft, context.existingNames),
        validate: (value) => nameProblem(value, context.existingNames),
        check: async (value) => {
          draft.name = value.trim();
          return { value: true };
        },
      });
    case 'level': {
      const level = await port.pick<NewConnection['level']>({
        ...at,
        placeholder: 'Where should the connection be saved? The key always stays in your secret storage.',
        active: draft.level ?? 'user',
        items: [
          { label: 'User settings', description: 'every workspace on this machine', value: 'user' },
          { label: 'Workspace settings', description: '.vscode/settings.json, shared with whoever opens this folder', value: 'workspace' },
        ],
      });
      if (level !== BACK && level !== undefined) draft.level = level;
      return level;
    }
  }
}

const TYPE_ANOTHER = '\u0000another';

async function askDatabase(at: StepPosition, port: InputPort, probe: ServerProbe, draft: Draft): Promise<unknown> {
  if (draft.databases && draft.databases.length > 0) {
    const picked = await port.pick({
      ...at,
      placeholder: `${releaseLine(draft)} Choose the database.`,
      active: draft.database,
      items: [
        ...draft.databases.map((name) => ({ label: name, value: name })),
        { label: 'Another database…', description: 'type its name', value: TYPE_ANOTHER },
      ],
    });
    if (picked !== TYPE_ANOTHER) {
      if (typeof picked !== 'string') return picked;
      draft.database = picked;
      // The URL step's probe named no database; a failure here keeps its answer (the key check says what is wrong).
      await probeWithDatabase(probe, draft, new AbortController().signal).catch(() => undefined);
      return picked;
    }
  }
  return port.askText({
    ...at,
    prompt: `${releaseLine(draft)} ${
      draft.release?.needsDatabase
        ? 'The server hosts several databases: type the name of one.'
        : 'The database name; leave empty when the server serves a single database.'
    }`,
    placeholder: 'database',
    value: draft.database,
    validate: (value) => (value.trim() === '' ? undefined : databaseNameProblem(value.trim())),
    check: async (value, signal) => {
      const name = value.trim() === '' ? undefined : value.trim();
      if (name === undefined && draft.release?.needsDatabase)
        return { problem: 'The server answered "No database is selected": it hosts several databases, so name one.' };
      if (name !== undefined && draft.databases && !draft.databases.includes(name))
        return { problem: unknownDatabaseMessage(name, draft.databases) };
      draft.database = name;
      try {
        await probeWithDatabase(probe, draft, signal);
      } catch (error) {
        return { problem: describeProbeFailure(error, 'release') };
      }
      return { value: true };
    },
  });
}

/** JSON-2 asked again with the chosen database, which a server hosting several needs before it shows its routes. */
async function probeWithDatabase(probe: ServerProbe, draft: Draft, signal: AbortSignal): Promise<void> {
  if (draft.database === undefined) return;
  const release = await probe.release(targetOf(draft), signal);
  Object.assign(draft, { release, protocol: release.protocol });
}

function protocolLabel(protocol: ConnectionProtocol): string {
  return protocol === 'json2' ? 'JSON-2' : protocol === 'xmlrpc' ? 'XML-RPC' : 'JSON-RPC';
}

function releaseLine(draft: Draft): string {
  if (!draft.release) return '';
  const via = draft.protocol === 'json2' ? 'JSON-2' : `deprecated ${protocolLabel(draft.protocol ?? 'jsonrpc')}`;
  return `Release ${draft.release.version ?? 'unknown'} (${via}).`;
}

function userLine(draft: Draft): string {
  const who = draft.user?.name ?? draft.user?.login ?? draft.login;
  return who ? `Signed in as ${who}${draft.user?.login && draft.user.name ? ` (${draft.user.login})` : ''}.` : '';
}

function nameProblem(value: string, existing: readonly string[]): string | undefined {
  const name = value.trim();
  if (existing.some((other) => other.toLowerCase() === name.toLowerCase())) return `A connection named "${name}" exists already.`;
  return connectionNameProblem(name);
}

/** `erp.example.com-demo`, made unique with a number. */
export function suggestName(draft: Pick<Draft, 'baseUrl' | 'database'>, existing: readonly string[]): string {
  let host = 'server';
  try {
    host = new URL(draft.baseUrl ?? '').hostname.replace(/[^A-Za-z0-9.-]/g, '') || host;
  } catch {
    /* the URL step guarantees a URL; keep the generic name otherwise */
  }
  const base = (draft.database ? `${host}-${draft.database}` : host).slice(0, 60);
  const taken = new Set(existing.map((name) => name.toLowerCase()));
  for (let n = 1; ; n++) {
    const candidate = n === 1 ? base : `${base}-${n}`;
    if (!taken.has(candidate.toLowerCase())) return candidate;
  }
}

function profileOf(draft: Draft): ConnectionProfile {
  return {
    name: draft.name ?? '',
    baseUrl: draft.baseUrl ?? '',
    protocol: draft.protocol ?? 'json2',
    readOnly: false,
    production: false,
    allowInsecureHttp: draft.allowInsecureHttp,
    ...(draft.database !== undefined ? { database: draft.database } : {}),
    ...(draft.protocol !== 'json2' && draft.login !== undefined ? { login: draft.login } : {}),
    ...(draft.release?.version !== undefined ? { serverVersion: draft.release.version } : {}),
    ...(draft.user ? { user: draft.user } : {}),
  };
}
