// Issue #24, point 2: long and deep domains are refused with a ValueError (JSON-2, XML-RPC, JSON-RPC) before any SQL
// runs, big domains within the limits give the right answer, and a database whose worker (PGlite) or connection
// (PostgreSQL) dies mid-call fails the calls running on it, keeps what was committed and answers the next call.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { DOMAIN_LIMITS } from '../../../src/sandbox/orm/domainParser';
import { startSandbox, type StartedSandbox } from '../../../src/sandbox/testApi';
import { call, fails, ok, rawRequest, type ErrorObject } from '../../support/sandboxHttp';
import { eventually } from '../../support/eventually';

let sandbox: StartedSandbox;
let everyone: number;

before(async () => {
  sandbox = await startSandbox();
  everyone = await count([]);
});
after(async () => {
  await sandbox?.stop();
});

const ALL = { context: { active_test: false } };
function count(domain: unknown): Promise<number> {
  return ok<number>(sandbox, 'res.partner', 'search_count', { domain, ...ALL });
}

async function refused(domain: unknown, message: RegExp): Promise<ErrorObject> {
  const error = await fails(sandbox, 500, 'res.partner', 'search_count', { domain, ...ALL });
  assert.equal(error.name, 'builtins.ValueError');
  assert.match(error.message, message);
  assert.ok(error.message.length < 400, `a short message: ${error.message.slice(0, 400)}…`);
  return error;
}

/** The reported attack: 20,000 and-ed dotted-path conditions, about 600 KB of JSON. */
const attack = Array.from({ length: 20_000 }, (_, index) => ['parent_id.name', '!=', `x${index}`]);
const longPath = (fields: number) => `${Array.from({ length: fields - 1 }, () => 'parent_id').join('.')}.name`;

/** `['|', t, '&', t, '|', t, …, t]`: `operators` alternating operators, as deep as `operators + 1`. */
function alternating(operators: number, term: unknown[]): unknown[] {
  const domain: unknown[] = [];
  for (let index = 0; index < operators; index += 1) domain.push(index % 2 === 0 ? '|' : '&', term);
  domain.push(term);
  return domain;
}

describe('domains over the limits are refused before any SQL runs', () => {
  it('20,000 and-ed conditions, side by side or with explicit &, and the database answers at once after', async () => {
    assert.ok(JSON.stringify(attack).length > 500_000);
    await refused(attack, new RegExp(`more than ${DOMAIN_LIMITS.conditions} conditions`));
    await refused([...Array.from({ length: attack.length - 1 }, () => '&'), ...attack], /Domain too large/);
    assert.equal(await count([]), everyone);
  });

  it('5,000 dotted-path conditions (a few hundred made the query planner explode) by the related-tables limit', async () => {
    await refused(attack.slice(0, 5_000), new RegExp(`more than ${DOMAIN_LIMITS.relatedTables} related tables`));
    await refused(
      Array.from({ length: 300 }, (_, index) => ['category_id.name', '=', `x${index}`]),
      /related tables/,
    );
    assert.equal(await count([]), everyone);
  });

  it('a 4,500-field and a 5,000-field dotted path, named shortly in the message', async () => {
    await refused([[longPath(4_500), '=', 'x']], /Field path too long: 'parent_id\.parent_id.*….*\.name' has 4500 fields/);
    await refused([[longPath(5_000), '=', 'x']], /has 5000 fields/);
    await refused([[longPath(DOMAIN_LIMITS.pathFields + 1), '=', 'x']], new RegExp(`limit is ${DOMAIN_LIMITS.pathFields}`));
  });

  it('nesting deeper than the limit: alternating & and |, any inside any', async () => {
    const always = ['id', '!=', 0];
    await refused(alternating(DOMAIN_LIMITS.depth, always), new RegExp(`more than ${DOMAIN_LIMITS.depth} levels`));
    await refused(alternating(100_000, always), /nested too deeply/);
    // 5,000 levels of any: written by hand, JSON.stringify cannot nest that deep.
    const levels = 5_000;
    const domain = `${'[["parent_id","any",'.repeat(levels)}[["name","=","x"]]${']]'.repeat(levels)}`;
    const answer = await rawRequest(sandbox.url, {
      path: '/json/2/res.partner/search_count',
      headers: { 'Content-Type': 'application/json', Authorization: `bearer ${sandbox.keys.admin}` },
      body: `{"domain":${domain}}`,
    });
    assert.equal(answer.status, 500, answer.text.slice(0, 300));
    assert.equal((answer.json as ErrorObject).name, 'builtins.ValueError');
    assert.match((answer.json as ErrorObject).message, /nested too deeply/);
  });
});

describe('big domains within the limits give the right answer', () => {
  it('as many conditions, related tables, levels and path fields as the limits allow', async () => {
    const nobody = Array.from({ length: DOMAIN_LIMITS.conditions }, (_, index) => ['name', '!=', `nobody ${index}`]);
    assert.equal(await count(nobody), everyone);
    const azureContacts = await count([['parent_id.name', '=', 'Azure Interior']]);
    assert.ok(azureContacts > 0);
    assert.equal(
      await count(Array.from({ length: DOMAIN_LIMITS.relatedTables }, () => ['parent_id.name', '=', 'Azure Interior'])),
      azureContacts,
    );
    assert.equal(await count(alternating(DOMAIN_LIMITS.depth - 1, ['id', '!=', 0])), everyone);
    assert.equal(await count([[longPath(DOMAIN_LIMITS.pathFields), '=', 'Azure Interior']]), 0);
  });

  it('a chain of 100,001 ! is one negation (!! cancels, as in the reference)', async () => {
    const azure = ['name', '=', 'Azure Interior'];
    assert.equal(await count([...Array.from({ length: 100_001 }, () => '!'), azure]), everyone - 1);
    assert.equal(await count([...Array.from({ length: 100_000 }, () => '!'), azure]), 1);
  });

  it('an in list of 200,000 values is one array', async () => {
    const ids = await ok<number[]>(sandbox, 'res.partner', 'search', { domain: [], ...ALL });
    const values = [...ids, ...Array.from({ length: 200_000 }, (_, index) => 1_000_000 + index)];
    assert.equal(await count([['id', 'in', values]]), everyone);
    assert.equal(await count([['id', 'not in', values]]), 0);
  });
});

describe('the same refusal over the deprecated interfaces', () => {
  it('JSON-RPC answers the ValueError in its error envelope', async () => {
    const { admin } = sandbox.users;
    const answer = await rawRequest(sandbox.url, {
      path: '/jsonrpc',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        jsonrpc: '2.0',
        method: 'call',
        id: 1,
        params: {
          service: 'object',
          method: 'execute_kw',
          args: [sandbox.database, admin.id, admin.password, 'res.partner', 'search_count', [attack]],
        },
      }),
    });
    assert.equal(answer.status, 200);
    const error = (answer.json as { error: { data: ErrorObject } }).error.data;
    assert.equal(error.name, 'builtins.ValueError');
    assert.match(error.message, /Domain too large/);
  });

  it('XML-RPC answers a fault (code 1) naming the ValueError', async () => {
    const { admin } = sandbox.users;
    const body = `<?xml version="1.0"?><methodCall><methodName>execute_kw</methodName><params>${[
      sandbox.database,
      admin.id,
      admin.password,
      'res.partner',
      'search_count',
      [attack],
    ]
      .map((value) => `<param>${xmlValue(value)}</param>`)
      .join('')}</params></methodCall>`;
    const answer = await rawRequest(sandbox.url, { path: '/xmlrpc/2/object', headers: { 'Content-Type': 'text/xml' }, body });
    assert.equal(answer.status, 200);
    assert.match(answer.text, /<name>faultCode<\/name>\s*<value><int>1<\/int><\/value>/);
    assert.match(answer.text, /\nValueError: Domain too large/);
    assert.equal(await count([]), everyone);
  });
});

function xmlValue(value: unknown): string {
  if (typeof value === 'number') return `<value><int>${value}</int></value>`;
  if (typeof value === 'string') return `<value><string>${value.replace(/&/g, '&amp;').replace(/</g, '&lt;')}</string></value>`;
  if (Array.isArray(value)) return `<value><array><data>${value.map(xmlValue).join('')}</data></array></value>`;
  throw new Error(`no XML-RPC form for ${typeof value} here`);
}

describe('a database whose worker or connection dies mid-call', () => {
  // Between two statements of a transaction (PGlite: PostgreSQL inside the worker exits, as on a fatal error), and
  // while a statement runs (PGlite: the busy thread is terminated); PostgreSQL: the server ends the backend each time.
  for (const moment of ['between two statements', 'while a statement runs'] as const) {
    it(`fails the calls running on it ${moment}, keeps what was committed, and answers the next call`, async () => {
      const label = moment === 'between two statements' ? 'between' : 'running';
      const names = [`Committed ${label}`, `Uncommitted ${label}`, `Waiting ${label}`];
      const [committed] = await ok<number[]>(sandbox, 'res.partner', 'create', { vals_list: [{ name: names[0] }] });
      let wrote!: () => void;
      const written = new Promise<void>((resolve) => {
        wrote = resolve;
      });
      // Between two statements: the transaction waits for the crash, so the crash always falls between them.
      let release!: () => void;
      const released = new Promise<void>((resolve) => {
        release = resolve;
      });
      const held = sandbox.server.catalog.use(sandbox.database, (storage) =>
        storage.transaction(async (tx) => {
          await tx.query('INSERT INTO res_partner (name, active) VALUES ($1, true)', [names[1]]);
          wrote();
          if (moment === 'while a statement runs') await tx.query('SELECT pg_sleep(5)');
          else await released;
          await tx.query('SELECT 1');
        }),
      );
      // Its rejection is expected while crashDatabase runs: observed from now on, it is never an unhandled rejection.
      const heldFailure = assert.rejects(held, (error: Error) => /uncommitted changes are lost/.test(error.message));
      await written;
      const waiting = call(sandbox, 'res.partner', 'create', { vals_list: [{ name: names[2] }] });
      // The second call must be on the database (leased, behind the held transaction) when it dies.
      await eventually(() => sandbox.server.catalog.pool.usersOf(sandbox.database) >= 2, 'the waiting call to reach the database');
      assert.equal(await sandbox.crashDatabase(), true);
      release();
      await heldFailure;
      const answer = await waiting;
      assert.equal(answer.status, 500, answer.text);
      assert.equal((answer.json as ErrorObject).name, 'psycopg2.OperationalError');
      assert.match((answer.json as ErrorObject).message, /opens again on the next call/);
      if (sandbox.backend === 'pglite' && moment === 'between two statements') {
        // PGlite's own exit was met and recognised (isDatabaseExit), not the thread terminated.
        assert.match((answer.json as ErrorObject).message, /Program terminated with exit\(100\)/);
      }

      const found = await ok<Array<{ id: number; name: string }>>(sandbox, 'res.partner', 'search_read', {
        domain: [['name', 'in', names]],
        fields: ['name'],
      });
      assert.deepEqual(found, [{ id: committed, name: names[0] }]);
      const [created] = await ok<number[]>(sandbox, 'res.partner', 'create', { vals_list: [{ name: `Created after the crash ${label}` }] });
      assert.equal(await count([['id', 'in', [committed, created]]]), 2);
    });
  }

  it('answers false for a database that is not open', async () => {
    assert.equal(await sandbox.crashDatabase('nope'), false);
  });
});
