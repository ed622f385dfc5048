// What the key and database suites share: the extension's whole test API, the sandbox, and a JSON-2 connection whose
// key is set through the real Update API Key input. No tests here.
import assert from 'node:assert/strict';
import path from 'node:path';
import * as vscode from 'vscode';
import type { Json2TestApi } from '../../../src/extension/activate';
import type { StartedSandbox } from '../../../src/sandbox/testApi';
import { connectionSetting, setConnectionSetting, start, StepRecorder } from './connectionsDriver.integration.test';

export async function extensionApi(): Promise<Required<Pick<Json2TestApi, 'connections' | 'keys' | 'databases'>>> {
  const extension = vscode.extensions.getExtension<Json2TestApi | undefined>('json2-explorer.json2-explorer');
  assert.ok(extension, 'the extension is loaded');
  const api = await extension.activate();
  assert.ok(api?.keys && api.databases, 'the extension runs in test mode and hands out the key and database test APIs');
  return { connections: api.connections, keys: api.keys, databases: api.databases };
}

export function startSandbox(): Promise<StartedSandbox> {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { startSandbox: begin } = require(path.resolve(__dirname, '../../../src/sandbox/testApi.js')) as { startSandbox(options: { hashCost: number }): Promise<StartedSandbox> };
  return begin({ hashCost: 10 });
}

/** Adds a JSON-2 connection to the user settings (keeping the others) and gives it `key` through Update API Key. */
export async function addConnectionWithKey(api: Awaited<ReturnType<typeof extensionApi>>, entry: { name: string; baseUrl: string; database: string }, key: string): Promise<void> {
  const others = connectionSetting('user').filter((other) => (other as { name?: string }).name !== entry.name);
  await setConnectionSetting('user', [...others, entry]);
  const recorder = new StepRecorder(api.connections);
  try {
    api.connections.inputs.preset({ apiKey: key });
    const done = start(recorder, 'json2.updateApiKey', entry.name);
    await recorder.accept('apiKey');
    await done;
  } finally {
    recorder.dispose();
  }
  assert.equal(await api.connections.service.hasSecret(entry.name), true);
}

export async function removeConnection(name: string): Promise<void> {
  const rest = connectionSetting('user').filter((other) => (other as { name?: string }).name !== name);
  await setConnectionSetting('user', rest.length > 0 ? rest : undefined);
}

/** The connection's settings entry as saved. */
export function savedEntry(name: string): Record<string, unknown> | undefined {
  return connectionSetting('user').find((entry) => (entry as { name?: string }).name === name) as Record<string, unknown> | undefined;
}

export const inDays = (days: number): string => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
