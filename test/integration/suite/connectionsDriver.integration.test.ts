// Drives the connection commands through the real workbench for the connection suites: the extension's test API,
// the real input boxes (preset values, accepted with the workbench's own Enter command), settings, and a connection
// with its key set through the real Update API Key input for the other suites. No tests here.
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { Json2TestApi } from '../../../src/extension/activate';
import type { ConnectionsTestApi } from '../../../src/extension/connections/registerConnections';
import { CommandIds } from '../../../src/extension/commandIds';

const EXTENSION_ID = 'json2-explorer.json2-explorer';

export async function connectionsApi(): Promise<ConnectionsTestApi> {
  const extension = vscode.extensions.getExtension<Json2TestApi | undefined>(EXTENSION_ID);
  assert.ok(extension, `${EXTENSION_ID} is loaded`);
  const api = await extension.activate();
  assert.ok(api?.connections, 'the extension runs in test mode and hands out its test API');
  return api.connections;
}

/** Resolves when `predicate` holds, checking every 50 ms; fails after `ms` with `what`. */
export async function eventually(predicate: () => boolean | Promise<boolean>, what: string, ms = 10_000): Promise<void> {
  for (const deadline = Date.now() + ms; ; ) {
    if (await predicate()) return;
    if (Date.now() > deadline) assert.fail(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * Follows the steps and problems the real input boxes show, so a test can wait for each step and press Enter on it
 * with `workbench.action.acceptSelectedQuickOpenItem`, as a person would.
 */
export class StepRecorder implements vscode.Disposable {
  readonly shown: string[] = [];
  readonly problems: Array<{ step: string; message: string }> = [];
  /** Set when the command the test started has finished. */
  settled = false;
  #cursor = 0;
  readonly #subscriptions: vscode.Disposable[];

  constructor(api: ConnectionsTestApi) {
    this.#subscriptions = [
      api.inputs.onDidShow((step) => this.shown.push(step)),
      api.inputs.onDidShowProblem((problem) => this.problems.push(problem)),
    ];
  }

  /** The next step to show (waiting for it), without accepting it. */
  async next(): Promise<string> {
    await eventually(() => this.shown.length > this.#cursor, `a step after ${this.shown.join(', ') || 'the start'}`, 30_000);
    return this.shown[this.#cursor];
  }

  /** Waits for the next step, checks it is `step`, and presses Enter on it. */
  async accept(step: string): Promise<void> {
    assert.equal(await this.next(), step, `steps so far: ${this.shown.join(', ')}`);
    this.#cursor += 1;
    await this.enter(step);
  }

  /** Presses Enter again on the step showing (after a problem, with a new preset). */
  async enter(step: string): Promise<void> {
    const shownBefore = this.shown.length;
    const problemsBefore = this.problems.length;
    // The workbench gets the input and the Enter in order; pressing again only if nothing happened covers a slow render.
    for (let attempt = 1; ; attempt++) {
      await vscode.commands.executeCommand('workbench.action.acceptSelectedQuickOpenItem');
      try {
        await eventually(
          () => this.shown.length > shownBefore || this.problems.length > problemsBefore || this.settled,
          `a reaction to Enter on "${step}"`,
          20_000,
        );
        return;
      } catch (error) {
        if (attempt === 3) throw error;
      }
    }
  }

  async problemOn(step: string): Promise<string> {
    await eventually(() => this.problems.some((p) => p.step === step), `a problem on "${step}"`, 30_000);
    return this.problems.filter((p) => p.step === step).at(-1)?.message ?? '';
  }

  dispose(): void {
    for (const subscription of this.#subscriptions) subscription.dispose();
  }
}

/** Runs a command without waiting for it, and marks the recorder settled when it ends. */
export function start<T>(recorder: StepRecorder, command: string, ...args: unknown[]): Promise<T> {
  recorder.settled = false;
  return Promise.resolve(vscode.commands.executeCommand<T>(command, ...args)).finally(() => {
    recorder.settled = true;
  });
}

export function connectionSetting(level: 'user' | 'workspace'): unknown[] {
  const inspected = vscode.workspace.getConfiguration('json2').inspect<unknown[]>('connections');
  return (level === 'user' ? inspected?.globalValue : inspected?.workspaceValue) ?? [];
}

export async function setConnectionSetting(level: 'user' | 'workspace', value: unknown[] | undefined): Promise<void> {
  await vscode.workspace
    .getConfiguration('json2')
    .update('connections', value, level === 'user' ? vscode.ConfigurationTarget.Global : vscode.ConfigurationTarget.Workspace);
}

/** Adds (or replaces) a user-level connection and stores `key` for it through `Update API Key`'s real input. */
export async function addConnectionWithKey(
  api: Pick<Json2TestApi, 'connections'>,
  entry: { name: string; baseUrl: string; database?: string },
  key: string,
): Promise<void> {
  const others = connectionSetting('user').filter((saved) => (saved as { name?: string }).name !== entry.name);
  await setConnectionSetting('user', [...others, entry]);
  await eventually(() => api.connections.service.find(entry.name) !== undefined, `the connection ${entry.name} in the list`);
  const recorder = new StepRecorder(api.connections);
  try {
    api.connections.inputs.preset({ apiKey: key });
    const done = start(recorder, CommandIds.updateApiKey, entry.name);
    await recorder.accept('apiKey');
    await done;
  } finally {
    recorder.dispose();
  }
  assert.equal(await api.connections.service.hasSecret(entry.name), true, `the key of ${entry.name} in the secret storage`);
}

/** Removes user-level connections by name (the setting itself when none is left). */
export async function removeConnections(names: readonly string[]): Promise<void> {
  const others = connectionSetting('user').filter((saved) => !names.includes((saved as { name?: string }).name ?? ''));
  await setConnectionSetting('user', others.length > 0 ? others : undefined);
}
