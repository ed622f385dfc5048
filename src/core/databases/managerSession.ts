// The database manager for one command: the master password (remembered, else asked), the manager client, what a
// failure means (a refused remembered password is forgotten), and the offer to remember a typed one that worked.
import type { DatabaseManagerClient } from '../client/databaseManagerClient';
import type { SavedConnection } from '../connections/connectionProfile';
import type { FlowLog } from '../connections/flowPorts';
import { BACK, type InputPort } from '../connections/inputPort';

/** Master passwords kept per server (the editor's secret storage), only when the person asked for it. */
export interface MasterPasswords {
  get(baseUrl: string): Promise<string | undefined>;
  store(baseUrl: string, password: string): Promise<void>;
  forget(baseUrl: string): Promise<void>;
}

export interface ManagerPorts {
  /** A fresh input per question. */
  readonly input: () => InputPort;
  readonly masters: MasterPasswords;
  /** A manager client of the connection's server with `masterPassword` (`''` to list); closed after use. */
  readonly openManager: (saved: SavedConnection, masterPassword: string) => Promise<DatabaseManagerClient>;
  /** After a typed master password worked: keep it for this server? */
  readonly offerToRemember: (origin: string) => Promise<boolean>;
  readonly showError: (message: string) => void;
  readonly showInfo: (message: string) => void;
  readonly log: FlowLog;
}

export type ManagerOutcome<T> = { readonly ok: true; readonly value: T } | { readonly ok: false };

export const originOf = (saved: SavedConnection): string => new URL(saved.profile.baseUrl).origin;

/** The server's databases, or undefined when it refuses to list them. */
export async function listDatabases(ports: ManagerPorts, saved: SavedConnection): Promise<string[] | undefined> {
  const client = await ports.openManager(saved, '');
  try {
    return await client.list();
  } catch (error) {
    ports.log.info(`[${saved.profile.name}] the database list is not available: ${(error as Error).message}`);
    return undefined;
  } finally {
    await client.close();
  }
}

async function askMasterPassword(ports: ManagerPorts, saved: SavedConnection, title: string): Promise<string | undefined> {
  const typed = await ports.input().askText<string>({
    id: 'masterPassword',
    title,
    step: 1,
    totalSteps: 1,
    password: true,
    prompt: `The master password of ${originOf(saved)} (the database manager's password, not a user's).`,
    validate: (value) => (value === '' ? 'Type the master password.' : undefined),
    check: async (value) => ({ value }),
  });
  return typed === BACK ? undefined : typed;
}

/** Shows what a failed manager action means; a refused remembered password is forgotten. */
async function reportFailure(
  ports: ManagerPorts,
  saved: SavedConnection,
  title: string,
  error: unknown,
  remembered: boolean,
): Promise<void> {
  const kind = (error as { kind?: unknown }).kind;
  const message = (error as Error).message;
  ports.log.warn(`[${saved.profile.name}] ${title}: ${message}`);
  if (kind === 'cancelled') {
    ports.showInfo(`${title}: cancelled.${/partial file was removed/.test(message) ? ' The partial file was removed.' : ''}`);
  } else if (kind === 'auth' && remembered) {
    await ports.masters.forget(saved.profile.baseUrl);
    ports.showError(
      `${message} The remembered master password of ${originOf(saved)} was refused, so it is forgotten: run the command again and type it.`,
    );
  } else {
    ports.showError(message);
  }
}

/**
 * Runs `action` with the server's manager and the master password (remembered, else asked). Failures are shown; the
 * outcome says which. A typed password that worked may be remembered (the offer does not hold the command up).
 */
export async function withManager<T>(
  ports: ManagerPorts,
  saved: SavedConnection,
  title: string,
  action: (client: DatabaseManagerClient) => Promise<T>,
): Promise<ManagerOutcome<T>> {
  const remembered = await ports.masters.get(saved.profile.baseUrl);
  const password = remembered ?? (await askMasterPassword(ports, saved, title));
  if (password === undefined) return { ok: false };
  const client = await ports.openManager(saved, password);
  let value: T;
  try {
    value = await action(client);
  } catch (error) {
    await reportFailure(ports, saved, title, error, remembered !== undefined);
    return { ok: false };
  } finally {
    await client.close();
  }
  if (remembered === undefined) {
    void ports.offerToRemember(originOf(saved)).then(async (remember) => {
      if (remember) await ports.masters.store(saved.profile.baseUrl, password);
    });
  }
  return { ok: true, value };
}
