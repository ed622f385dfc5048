// The client snippets of examples/clients run unchanged against the sandbox's sales models: Python's xmlrpc.client
// on the deprecated XML-RPC interface (its environment variables point it at the test sandbox).
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { startSandbox, type StartedSandbox } from '../../../src/sandbox/testApi';
import { skipOutsideCi } from '../../support/skipOutsideCi';

const EXAMPLES = path.resolve(__dirname, '../../../../examples/clients');
// Asynchronous on purpose: the sandbox answers from this very process.
const run = promisify(execFile);
let sandbox: StartedSandbox;

before(async () => { sandbox = await startSandbox(); });
after(async () => { await sandbox?.stop(); });

function environment(): NodeJS.ProcessEnv {
  return { ...process.env, SANDBOX_URL: sandbox.url, SANDBOX_DB: sandbox.database, SANDBOX_LOGIN: 'admin', SANDBOX_PASSWORD: sandbox.users.admin.password ?? '' };
}

describe('client snippets', () => {
  it('sales_order_xmlrpc.py: xmlrpc.client creates, confirms and reads an order', async (t) => {
    if (await run('python3', ['--version']).then(() => false, () => true)) return skipOutsideCi(t, 'python3 is missing');
    const { stdout } = await run('python3', [path.join(EXAMPLES, 'sales_order_xmlrpc.py')], { env: environment(), timeout: 120_000 });
    assert.match(stdout.trim(), /^S\d{5} sale 210\.00 \+ 31\.50 = 241\.50$/);
  });
});
