// The collection fixtures of test/fixtures/collections: where they are, the secrets they hold, a Bruno folder's files.
import fs from 'node:fs';
import path from 'node:path';
import { repoRoot } from '../cli/cliHarness';

export const collectionsDir = path.join(repoRoot, 'test', 'fixtures', 'collections');

/** Every literal secret the fixtures hold: none may appear in a written file. */
export const FIXTURE_SECRETS = [
  'pm-literal-token-7f3a9c2e41',
  'pm-variable-key-0c8e55d1b7',
  'pm-variable-password-91d2',
  'pm-xmlrpc-password-5521',
  'bru-literal-token-a4c09e7d',
  'bru-env-password-3b61e0',
  'ins-env-key-6e2f9a0c13',
  'ins-header-token-d41c7b',
  'ins-rpc-password-0a9b',
  'ins-basic-password-77e1',
  'http-file-key-5d7e21c0f9',
  'http-rpc-password-e3f8',
];

export function brunoEntries(root: string): { path: string; text: string }[] {
  return fs
    .readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => {
      const full = path.join(entry.parentPath, entry.name);
      return { path: path.relative(root, full).split(path.sep).join('/'), text: fs.readFileSync(full, 'utf8') };
    });
}
