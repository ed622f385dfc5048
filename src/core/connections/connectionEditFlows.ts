// The flows that change a saved connection: edit one setting, rename, and update the key (checked with the server).
import { databaseHeaderNames, databaseHeaderProblem } from '../client/databaseSelection';
import type { ConnectionProfile, ConnectionUser, SavedConnection } from './connectionProfile';
import { connectionNameProblem, databaseNameProblem, loginProblem, normaliseBaseUrl } from './connectionValidation';
import { BACK, type InputPort, type PickItem } from './inputPort';
import { describeProbeFailure, type ServerProbe, type ServerTarget } from './serverProbe';

/** The result of an edit: the new profile, and what becomes of the stored secret. */
export interface ConnectionEdit {
  readonly profile: ConnectionProfile;
  /** `move`: the key follows the connection to its new server address; `forget`: it stays behind and a new one is asked. */
  readonly secret: 'keep' | 'move' | 'forget';
}

type Field = 'baseUrl' | 'database' | 'databaseHeader' | 'login' | 'readOnly' | 'production' | 'allowInsecureHttp';

function targetOf(profile: ConnectionProfile): ServerTarget {
  return {
    baseUrl: profile.baseUrl,
    database: profile.database,
    databaseHeader: profile.databaseHeader,
    allowInsecureHttp: profile.allowInsecureHttp,
  };
}

const onOff = (value: boolean): string => (value ? 'on' : 'off');

/** Picks one setting of the connection and changes it; undefined when the person cancels. */
export async function runEditConnectionFlow(
  port: InputPort,
  probe: ServerProbe,
  saved: SavedConnection,
): Promise<ConnectionEdit | undefined> {
  const { profile } = saved;
  const title = `Edit Connection "${profile.name}"`;
  const items: PickItem<Field>[] = [
    { label: 'Server address', description: profile.baseUrl, value: 'baseUrl' },
    { label: 'Database', description: profile.database ?? '(none: the server serves one)', value: 'database' },
    { label: 'Database header', description: databaseHeaderNames(profile.databaseHeader).join(' and '), value: 'databaseHeader' },
    ...(profile.protocol === 'json2' ? [] : [{ label: 'Login', description: profile.login ?? '', value: 'login' as const }]),
    {
      label: 'Read-only',
      description: onOff(profile.readOnly),
      detail: 'Refuse, before sending, every method outside the read-only list.',
      value: 'readOnly',
    },
    {
      label: 'Production',
      description: onOff(profile.production),
      detail: 'Ask before every method outside the read-only list.',
      value: 'production',
    },
    {
      label: 'Allow plain http://',
      description: onOff(profile.allowInsecureHttp),
      detail: 'Let the key travel unencrypted to a host that is not this machine.',
      value: 'allowInsecureHttp',
    },
  ];
  const field = await port.pick({ id: 'field', title, step: 1, totalSteps: 2, placeholder: 'Which setting?', items });
  if (field === undefined || field === BACK) return undefined;
  const at = { id: field, title, step: 2, totalSteps: 2 };
  switch (field) {
    case 'readOnly':
    case 'production':
    case 'allowInsecureHttp':
      return { profile: { ...profile, [field]: !profile[field] }, secret: 'keep' };
    case 'baseUrl': {
      const answer = await port.askText({
        ...at,
        prompt: "The server's new address. Its release is checked; the key moves with the connection only if you say so.",
        value: profile.baseUrl,
        validate: (value) => {
          const url = normaliseBaseUrl(value, profile.allowInsecureHttp);
          return 'problem' in url ? url.problem : undefined;
        },
        check: async (value, signal) => {
          const url = normaliseBaseUrl(value, profile.allowInsecureHttp);
          if ('problem' in url) return url;
          try {
            const release = await probe.release({ ...targetOf(profile), baseUrl: url.url }, signal);
            return { value: { url: url.url, release } };
          } catch (error) {
            return { problem: describeProbeFailure(error, 'release') };
          }
        },
      });
      if (answer === undefined || answer === BACK) return undefined;
      const next: ConnectionProfile = {
        ...profile,
        baseUrl: answer.url,
        protocol: answer.release.protocol,
        ...(answer.release.version !== undefined ? { serverVersion: answer.release.version } : {}),
      };
      if (new URL(answer.url).origin === new URL(profile.baseUrl).origin) return { profile: next, secret: 'keep' };
      const move = await port.pick({
        id: 'moveSecret',
        title,
        step: 2,
        totalSteps: 2,
        placeholder: `The key was given for ${new URL(profile.baseUrl).origin}. Send it to ${new URL(answer.url).origin} too?`,
        items: [
          { label: 'Ask me for a key for the new address', value: 'forget' as const },
          { label: 'Use the same key at the new address', description: 'the same server under another name', value: 'move' as const },
        ],
      });
      return move === undefined || move === BACK ? undefined : { profile: next, secret: move };
    }
    case 'database': {
      const answer = await port.askText({
        ...at,
        prompt: 'The database name; leave empty when the server serves a single database.',
        value: profile.database ?? '',
        validate: (value) => (value.trim() === '' ? undefined : databaseNameProblem(value.trim())),
        check: async (value) => ({ value: value.trim() }),
      });
      if (answer === undefined || answer === BACK) return undefined;
      const { database: _previous, ...rest } = profile;
      return { profile: answer === '' ? rest : { ...rest, database: answer }, secret: 'keep' };
    }
    case 'databaseHeader': {
      const answer = await port.askText({
        ...at,
        prompt: `The one header that names the database, for a server that must see only one; leave empty to send both ${databaseHeaderNames().join(' and ')} (the default).`,
        value: profile.databaseHeader ?? '',
        validate: (value) => (value.trim() === '' ? undefined : databaseHeaderProblem(value.trim())),
        check: async (value) => ({ value: value.trim() }),
      });
      if (answer === undefined || answer === BACK) return undefined;
      const { databaseHeader: _previous, ...rest } = profile;
      return { profile: answer === '' ? rest : { ...rest, databaseHeader: answer }, secret: 'keep' };
    }
    case 'login': {
      const answer = await port.askText({
        ...at,
        prompt: 'The login that goes with the password or key.',
        value: profile.login ?? '',
        validate: loginProblem,
        check: async (value) => ({ value: value.trim() }),
      });
      return answer === undefined || answer === BACK ? undefined : { profile: { ...profile, login: answer }, secret: 'forget' };
    }
  }
}

/** Asks for a new, unused name; undefined when the person cancels. */
export async function runRenameFlow(
  port: InputPort,
  saved: SavedConnection,
  existingNames: readonly string[],
): Promise<string | undefined> {
  const others = existingNames.filter((name) => name.toLowerCase() !== saved.profile.name.toLowerCase());
  const answer = await port.askText({
    id: 'name',
    title: `Rename Connection "${saved.profile.name}"`,
    step: 1,
    totalSteps: 1,
    prompt: 'The new name. Request files that name the old one (# @connection) need the new name too.',
    value: saved.profile.name,
    validate: (value) =>
      others.some((name) => name.toLowerCase() === value.trim().toLowerCase())
        ? `A connection named "${value.trim()}" exists already.`
        : connectionNameProblem(value.trim()),
    check: async (value) => ({ value: value.trim() }),
  });
  return answer === BACK ? undefined : answer;
}

/** Asks for a new key (or password) and checks it with the server; the caller stores it. */
export async function runUpdateKeyFlow(
  port: InputPort,
  probe: ServerProbe,
  profile: ConnectionProfile,
  reason?: string,
): Promise<{ secret: string; user: ConnectionUser } | undefined> {
  const json2 = profile.protocol === 'json2';
  const answer = await port.askText({
    id: json2 ? 'apiKey' : 'password',
    title: `${json2 ? 'Update API Key' : 'Update Password or Key'} of "${profile.name}"`,
    step: 1,
    totalSteps: 1,
    password: true,
    placeholder: json2 ? 'API key' : 'password or API key',
    prompt: `${reason ? `${reason} ` : ''}${json2 ? 'Paste the new API key' : `The password or key of ${profile.login ?? ''}`}; it is checked, then kept in the editor's secret storage.`,
    validate: (value) => (value.trim() === '' ? 'The key cannot be empty.' : undefined),
    check: async (value, signal) => {
      const secret = json2 ? value.trim() : value;
      try {
        const user =
          profile.protocol === 'json2'
            ? await probe.checkApiKey(targetOf(profile), secret, signal)
            : await probe.checkLogin(targetOf(profile), profile.protocol, profile.login ?? '', secret, signal);
        return { value: { secret, user } };
      } catch (error) {
        return { problem: describeProbeFailure(error, json2 ? 'key' : 'login') };
      }
    },
  });
  return answer === BACK ? undefined : answer;
}
