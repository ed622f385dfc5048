// The environment the editor gives its `json2 mcp` server: inherited key variables removed, each connection's own key
// (stored for that name at that origin) bound to its origin, no generic key, nothing for names that share a variable.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { agentServerEnvironment } from '../../../src/core/agentTools/agentServerEnvironment';
import type { ConnectionProfile } from '../../../src/core/connections/connectionProfile';
import { secretStorageKeyOf } from '../../../src/core/connections/connectionSecretNames';

const profile = (name: string, baseUrl: string, extra: Partial<ConnectionProfile> = {}): ConnectionProfile => ({
  name,
  baseUrl,
  databaseHeader: 'X-Service-Database',
  protocol: 'json2',
  readOnly: false,
  production: false,
  allowInsecureHttp: false,
  ...extra,
});

/** The editor's secret storage: keys stored under name and origin, as ConnectionSecretStore stores them. */
const stored = new Map<string, string>([
  [secretStorageKeyOf(profile('local', 'http://127.0.0.1:8069'), 'apiKey'), 'local-key-0123456789'],
  [secretStorageKeyOf(profile('legacy', 'https://erp.example.com'), 'password'), 'legacy-password'],
  [secretStorageKeyOf(profile('moved', 'https://erp.example.com'), 'apiKey'), 'moved-key-0123456789'],
  [secretStorageKeyOf(profile('my-twin', 'https://erp.example.com'), 'apiKey'), 'twin-key-0123456789'],
]);
const secretOf = (connection: ConnectionProfile) =>
  Promise.resolve(stored.get(secretStorageKeyOf(connection, connection.protocol === 'json2' ? 'apiKey' : 'password')));

test('each connection gets the key stored for it at its origin, bound to that origin; inherited key variables are removed', async () => {
  const environment = await agentServerEnvironment({
    inherited: ['PATH', 'JSON2_API_KEY', 'JSON2_API_KEY_OTHER', 'JSON2_PASSWORD_X', 'json2_origin_y', 'JSON2_TIMEOUT'],
    connections: [
      profile('local', 'http://127.0.0.1:8069/base'),
      profile('legacy', 'https://erp.example.com', { protocol: 'jsonrpc', login: 'admin' }),
      // The workspace points `moved` at another server: its key was stored for erp.example.com only.
      profile('moved', 'https://attacker.example.net'),
      profile('nokey', 'https://erp.example.com'),
    ],
    secretOf,
  });
  assert.deepEqual(environment, {
    JSON2_API_KEY: null,
    JSON2_API_KEY_OTHER: null,
    JSON2_PASSWORD_X: null,
    json2_origin_y: null,
    JSON2_API_KEY_LOCAL: 'local-key-0123456789',
    JSON2_ORIGIN_LOCAL: 'http://127.0.0.1:8069',
    JSON2_PASSWORD_LEGACY: 'legacy-password',
    JSON2_ORIGIN_LEGACY: 'https://erp.example.com',
  });
});

test('two names that share a variable (my-twin, my twin) get neither key; the generic key is removed even when not inherited', async () => {
  const environment = await agentServerEnvironment({
    inherited: [],
    connections: [
      profile('my-twin', 'https://erp.example.com'),
      profile('my twin', 'https://erp.example.com', { protocol: 'xmlrpc', login: 'a' }),
    ],
    secretOf,
  });
  assert.deepEqual(environment, { JSON2_API_KEY: null });
});
