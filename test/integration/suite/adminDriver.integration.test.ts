// What the key and database suites share: the extension's whole test API, a connection's saved entry, dates. No tests here.
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { Json2TestApi } from '../../../src/extension/activate';
import { connectionSetting } from './connectionsDriver.integration.test';

export async function extensionApi(): Promise<Required<Pick<Json2TestApi, 'connections' | 'keys' | 'databases'>>> {
  const extension = vscode.extensions.getExtension<Json2TestApi | undefined>('json2-explorer.json2-explorer');
  assert.ok(extension, 'the extension is loaded');
  const api = await extension.activate();
  assert.ok(api?.keys && api.databases, 'the extension runs in test mode and hands out the key and database test APIs');
  return { connections: api.connections, keys: api.keys, databases: api.databases };
}

/** The connection's settings entry as saved. */
export function savedEntry(name: string): Record<string, unknown> | undefined {
  return connectionSetting('user').find((entry) => (entry as { name?: string }).name === name) as Record<string, unknown> | undefined;
}

export const inDays = (days: number): string => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
