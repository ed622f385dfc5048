// The core request pipeline against the sandbox through scripted ports: order and chaining, questions, safe modes, the
// deprecated interfaces, typed errors, and secrets redacted over a whole run (also when a later answer echoes them).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { RequestSession } from '../../../src/core/requestRun/requestSession';
import { startSandbox, type StartedSandbox } from '../../../src/sandbox/testApi';
import { echoedForms, ECHOED_SECRETS, echoFile, reprOf } from '../../support/echoedSecrets';
import { profileOf, runOf, scriptedPorts, shownText } from './pipelineHarness';

/** Every string inside a value (keys too). */
function stringsOf(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(stringsOf);
  if (value !== null && typeof value === 'object') return Object.entries(value).flatMap(([key, item]) => [key, ...stringsOf(item)]);
  return [];
}

const ECHO_FILE = echoFile('# @prompt partnerSecret\n', '{{partnerSecret}}');

describe('the request pipeline against the sandbox', () => {
  let sandbox: StartedSandbox;
  const log: string[] = [];
  let json2: ReturnType<typeof profileOf>;

  before(async () => {
    sandbox = await startSandbox({ log: (line) => log.push(line) });
    json2 = profileOf('local', sandbox.url, sandbox.database);
  });
  after(async () => {
    await sandbox?.stop();
  });

  test('a chained selection: the named request first, its answer feeding the next; each result reported in order', async () => {
    const { ports, record, close } = scriptedPorts({ connections: [{ profile: json2, secret: sandbox.keys.admin }] });
    try {
      const { run } = runOf(
        `### Contacts first in the file
POST res.partner/search_read
{ "domain": [["parent_id", "in", {{companies.response.body[*].id}}]], "fields": ["parent_id"] }

### Companies
# @name companies
POST res.partner/search_read
{ "domain": [["is_company", "=", true]], "fields": ["name"] }
?? body.length > 0
`,
        ports,
      );
      const results = await run.run([0]);
      assert.deepEqual(
        results.map((result) => [result.label, result.verdict, result.status]),
        [
          ['companies', 'passed', 200],
          ['Contacts first in the file', 'passed', 200],
        ],
      );
      assert.deepEqual(record.started, [1, 0]);
      assert.deepEqual(
        record.finished.map((result) => result.index),
        [1, 0],
      );
      const companies = (results[0].body as { id: number }[]).map((company) => company.id);
      assert.ok((results[1].body as { parent_id: [number, string] }[]).every((contact) => companies.includes(contact.parent_id[0])));
      assert.equal(results[0].assertions[0].passed, true);
      assert.equal(results[0].request, 'POST res.partner/search_read');
      assert.equal(results[0].connection, 'local');
    } finally {
      await close();
    }
  });

  for (const secret of ECHOED_SECRETS) {
    test(`a secret prompt answer (${JSON.stringify(secret)}) echoed by the server in later requests is redacted in every result`, async () => {
      const { ports, close } = scriptedPorts({
        connections: [{ profile: json2, secret: sandbox.keys.admin }],
        answers: { partnerSecret: secret },
      });
      try {
        const session = new RequestSession();
        const { run } = runOf(ECHO_FILE, ports, { session });
        const results = await run.run([1, 3]);
        assert.deepEqual(
          results.map((result) => result.verdict),
          ['passed', 'failed', 'passed', 'failed'],
        );
        // The echoes happened: the stored answers (memory only) hold the secret, the server quoted it with repr.
        assert.equal((results[1].stored?.body as { name: string }[])[0].name, secret);
        assert.ok(
          JSON.stringify(results[3].stored?.body).includes(JSON.stringify(reprOf(secret)).slice(1, -1)),
          JSON.stringify(results[3].stored?.body),
        );
        const shown = results.map(({ stored: _stored, ...rest }) => rest);
        for (const text of stringsOf(shown)) {
          for (const form of echoedForms(secret))
            assert.ok(!text.includes(form), `${JSON.stringify(form)} in ${JSON.stringify(text).slice(0, 300)}`);
        }
        assert.match(results[1].assertions[0].message, /got "«redacted»"/);
        assert.match(results[3].error?.message ?? '', /Invalid value '«redacted»'/);
        assert.match(results[3].rawText ?? '', /«redacted»/);
        // A later run of the same session (the editor's next Send) still knows it.
        const again = await runOf(ECHO_FILE, ports, { session }).run.run([1]);
        assert.ok(
          !stringsOf(again.map(({ stored: _stored, ...rest }) => rest)).some((text) =>
            echoedForms(secret).some((form) => text.includes(form)),
          ),
        );
      } finally {
        await close();
      }
    });
  }

  test('a value the file marks secret (a secret-named variable reading an answer) is redacted in that very answer', async () => {
    const { ports, close } = scriptedPorts({ connections: [{ profile: json2, secret: sandbox.keys.admin }] });
    try {
      const { run } = runOf(
        `@companyToken = {{firstCompany.response.body[0].name}}

### The first company
# @name firstCompany
POST res.partner/search_read
{ "domain": [["is_company", "=", true]], "fields": ["name"], "limit": 1, "order": "id" }
`,
        ports,
      );
      const [result] = await run.run([0]);
      const name = (result.stored?.body as { name: string }[])[0].name;
      assert.ok(name.length > 3);
      assert.deepEqual(result.body, [{ id: (result.stored?.body as { id: number }[])[0].id, name: '«redacted»' }]);
      assert.ok(!shownText([result]).includes(name));
    } finally {
      await close();
    }
  });

  test('questions: a declined # @confirm and environment read send nothing; accepted ones send; prompts asked once', async () => {
    const declined = scriptedPorts({ connections: [{ profile: json2, secret: sandbox.keys.admin }] });
    const text = `### Count
# @confirm Count them?
POST res.partner/search_count
{ "domain": [["name", "=", "{{$processEnv PIPELINE_PARTNER}}"]] }
`;
    try {
      const [notConfirmed] = await runOf(text, declined.ports, { environment: { PIPELINE_PARTNER: 'x' } }).run.run([0]);
      assert.equal(notConfirmed.verdict, 'error');
      assert.equal(notConfirmed.error?.kind, 'declined');
      assert.match(notConfirmed.error?.message ?? '', /PIPELINE_PARTNER/);
      assert.deepEqual(declined.record.environment, [['PIPELINE_PARTNER']]);
      assert.deepEqual(declined.record.confirmations, [], 'the environment is asked about first');
    } finally {
      await declined.close();
    }
    const accepted = scriptedPorts({
      connections: [{ profile: json2, secret: sandbox.keys.admin }],
      confirm: true,
      allowEnvironment: true,
    });
    try {
      const [sent] = await runOf(text, accepted.ports, { environment: { PIPELINE_PARTNER: 'x' } }).run.run([0]);
      assert.equal(sent.verdict, 'passed');
      assert.equal(sent.body, 0);
      assert.deepEqual(accepted.record.confirmations, [{ message: 'Count them?', production: false, connection: 'local' }]);
    } finally {
      await accepted.close();
    }
  });

  test('safe modes: read-only refuses a write before sending, production asks its own question; typed kinds', async () => {
    const readOnly = profileOf('guarded', sandbox.url, sandbox.database, { readOnly: true });
    const production = profileOf('prod', sandbox.url, sandbox.database, { production: true });
    const { ports, record, close } = scriptedPorts({
      connections: [
        { profile: readOnly, secret: sandbox.keys.admin },
        { profile: production, secret: sandbox.keys.admin },
      ],
    });
    try {
      const write = 'POST res.partner/write\n{ "ids": [1], "vals": { "comment": "x" } }\n';
      const before = log.length;
      const [refused] = await runOf(`# @connection guarded\n${write}`, ports).run.run([0]);
      assert.equal(refused.error?.kind, 'refused');
      assert.match(refused.error?.message ?? '', /read-only/);
      const [unconfirmed] = await runOf(`# @connection prod\n${write}`, ports).run.run([0]);
      assert.equal(unconfirmed.error?.kind, 'declined');
      assert.equal(record.confirmations[0].production, true);
      assert.match(record.confirmations[0].message, /res\.partner\.write on 1 record/);
      assert.equal(log.length, before, 'nothing reached the sandbox');
      const [unknown] = await runOf('# @connection nowhere\nGET /web/version\n', ports).run.run([0]);
      assert.equal(unknown.error?.kind, 'connection');
      const missing = await runOf(
        '### A\nPOST res.partner/search_count\n{ "domain": [], "x": {{b.response.body}} }\n\n### B\n# @name b\nPOST nope.nope/nope\n',
        ports,
      ).run.runRequest(0);
      assert.equal(missing.verdict, 'skipped');
      assert.equal(missing.error?.kind, 'notRun');
    } finally {
      await close();
    }
  });

  test('XML-RPC and JSON-RPC connections carry model calls through execute_kw with the answers JSON-2 gives; a route is refused before sending', async () => {
    const login = sandbox.users.admin.login;
    const password = sandbox.users.admin.password as string;
    const connections = [
      { profile: json2, secret: sandbox.keys.admin },
      { profile: profileOf('rpc-xml', sandbox.url, sandbox.database, { protocol: 'xmlrpc', login }), secret: password },
      { profile: profileOf('rpc-json', sandbox.url, sandbox.database, { protocol: 'jsonrpc', login }), secret: password },
    ];
    const { ports, close } = scriptedPorts({ connections });
    const request = `POST res.partner/search_read
{ "domain": [["is_company", "=", true]], "fields": ["name", "country_id"], "limit": 3, "order": "id" }
?? body.length == 3
`;
    try {
      const bodies: unknown[] = [];
      for (const name of ['local', 'rpc-xml', 'rpc-json']) {
        const before = log.length;
        const [result] = await runOf(`# @connection ${name}\n${request}`, ports).run.run([0]);
        assert.equal(result.verdict, 'passed', `${name}: ${JSON.stringify(result.error)}`);
        bodies.push(result.body);
        const paths = log.slice(before).map((line) => line.split(' ')[1]);
        if (name !== 'local')
          assert.ok(
            paths.length > 0 &&
              paths.every((path) => path === (name === 'rpc-xml' ? '/xmlrpc/2/common' : '/jsonrpc') || path === '/xmlrpc/2/object'),
            paths.join(', '),
          );
        if (name !== 'local') assert.ok(!paths.some((path) => path.startsWith('/json/2')), 'a password never goes to /json/2');
      }
      assert.deepEqual(bodies[1], bodies[0]);
      assert.deepEqual(bodies[2], bodies[0]);
      const before = log.length;
      const [route] = await runOf('# @connection rpc-xml\nGET /web/version\n', ports).run.run([0]);
      assert.equal(route.error?.kind, 'unsupported');
      assert.match(route.error?.message ?? '', /XML-RPC: routes such as \/web\/version need a JSON-2 connection/);
      assert.equal(log.length, before, 'nothing was sent');
    } finally {
      await close();
    }
  });

  test('keepAnswers false leaves bodies out; a wrong key is an auth error whose message holds no key', async () => {
    const wrong = 'wrong-key-for-the-pipeline-0123456789';
    const { ports, close } = scriptedPorts({ connections: [{ profile: json2, secret: wrong }] });
    try {
      const [refused] = await runOf('POST res.partner/search_count\n{ "domain": [] }\n', ports, { keepAnswers: false }).run.run([0]);
      assert.equal(refused.status, 401);
      assert.equal(refused.error?.kind, 'auth');
      assert.equal(refused.body, undefined);
      assert.ok(!shownText([refused]).includes(wrong));
    } finally {
      await close();
    }
  });
});
