// The client snippets of examples/clients run unchanged against the sandbox's sales models (their environment
// variables point them at the test sandbox): Python's xmlrpc.client on the deprecated XML-RPC interface, and Node's
// fetch on the web session routes.
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

before(async () => {
  sandbox = await startSandbox();
});
after(async () => {
  await sandbox?.stop();
});

function environment(who: 'admin' | 'user'): NodeJS.ProcessEnv {
  const user = sandbox.users[who];
  return {
    ...process.env,
    SANDBOX_URL: sandbox.url,
    SANDBOX_DB: sandbox.database,
    SANDBOX_LOGIN: user.login,
    SANDBOX_PASSWORD: user.password ?? '',
  };
}

describe('client snippets', () => {
  it('sales_order_xmlrpc.py: xmlrpc.client creates, confirms and reads an order', async (t) => {
    if (
      await run('python3', ['--version']).then(
        () => false,
        () => true,
      )
    )
      return skipOutsideCi(t, 'python3 is missing');
    const { stdout } = await run('python3', [path.join(EXAMPLES, 'sales_order_xmlrpc.py')], {
      env: environment('admin'),
      timeout: 120_000,
    });
    assert.match(stdout.trim(), /^S\d{5} sale 210\.00 \+ 31\.50 = 241\.50$/);
  });

  it('sales_order_web_session.mjs: fetch logs in, creates, confirms and reads an order with call_kw, logs out', async () => {
    const { stdout } = await run(process.execPath, [path.join(EXAMPLES, 'sales_order_web_session.mjs')], {
      env: environment('user'),
      timeout: 120_000,
    });
    const [loggedIn, order] = stdout.trim().split('\n');
    assert.equal(loggedIn, `logged in as demo (uid ${sandbox.users.user.id}) on ${sandbox.database}`);
    assert.match(order, /^S\d{5} sale 57\.50 by Marc Demo$/);
  });
});
