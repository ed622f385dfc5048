// Faults of the deprecated interfaces as answers: one request file with status and name assertions passes over JSON-2,
// XML-RPC and JSON-RPC connections to the sandbox; the real server's recorded fault formats (integer codes with a
// traceback or a bare message, "Odoo Server Error" envelopes with data.name) give the same statuses and names.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { errorKindOf } from '../../../src/core/client/clientErrors';
import { exceptionOfTraceback, faultAnswerOf } from '../../../src/core/client/legacyFaultAnswer';
import { JsonRpcError, XmlRpcFault } from '../../../src/core/client/legacyRpcErrors';
import { startSandbox, type StartedSandbox } from '../../../src/sandbox/testApi';
import { profileOf, runOf, scriptedPorts } from './pipelineHarness';

const FILE = `### A confirmed order
# @name confirmed
POST sale.order/search
{ "domain": [["state", "=", "sale"]], "limit": 1 }
?? body.length == 1

### A user error
POST sale.order/action_quotation_sent
{ "ids": {{confirmed.response.body}} }
?? status == 422
?? body.name == "odoo.exceptions.UserError"
?? body.message == "Only draft orders can be marked as sent directly."
?? body.arguments == ["Only draft orders can be marked as sent directly."]

### A missing record
POST res.partner/unlink
{ "ids": [987654] }
?? status == 404
?? body.name == "odoo.exceptions.MissingError"
?? body.message contains "Record does not exist or has been deleted."

### A private method
POST res.partner/_compute_display_name
{ "ids": [1] }
?? status == 403
?? body.name == "odoo.exceptions.AccessError"

### An unknown method
POST res.partner/no_such_method
{}
?? status == 404
?? body.name == "werkzeug.exceptions.NotFound"
?? body.arguments[1] == 404

### An unknown argument
POST res.partner/search
{ "domain": [], "foo": 1 }
?? status == 422
?? body.name == "werkzeug.exceptions.UnprocessableEntity"

### A field that does not exist
POST res.partner/search
{ "domain": [["no_such_field", "=", 1]] }
?? status == 500
?? body.name == "builtins.ValueError"
?? body.message == "Invalid field res.partner.no_such_field in condition ('no_such_field', '=', 1)"

### A validation error (XML-RPC's fault code does not tell it from a user error)
POST res.partner/unlink
{ "ids": [3] }
?? status == 422
?? body.message contains "another model requires the record being deleted"
`;

describe('faults of the deprecated interfaces are answers', () => {
  let sandbox: StartedSandbox;

  before(async () => {
    sandbox = await startSandbox();
  });
  after(async () => {
    await sandbox?.stop();
  });

  test('one request file, its status and name assertions passing over JSON-2, XML-RPC and JSON-RPC', async () => {
    const login = sandbox.users.admin.login;
    const password = sandbox.users.admin.password as string;
    const { ports, close } = scriptedPorts({
      connections: [
        { profile: profileOf('json2', sandbox.url, sandbox.database), secret: sandbox.keys.admin },
        { profile: profileOf('xmlrpc', sandbox.url, sandbox.database, { protocol: 'xmlrpc', login }), secret: password },
        { profile: profileOf('jsonrpc', sandbox.url, sandbox.database, { protocol: 'jsonrpc', login }), secret: password },
      ],
    });
    try {
      const seen: Record<string, unknown[]> = {};
      for (const connection of ['json2', 'xmlrpc', 'jsonrpc']) {
        const { run, parsed } = runOf(FILE, ports, { connectionOverride: connection });
        const results = await run.run(parsed.requests.map((request) => request.index));
        for (const result of results)
          assert.equal(
            result.verdict,
            'passed',
            `${connection}: ${result.label}: ${JSON.stringify(result.assertions.filter((assertion) => !assertion.passed))} ${JSON.stringify(result.error)}`,
          );
        const validation = results.at(-1);
        assert.equal(validation?.error?.kind, 'validation', `${connection}: the error's kind comes with the answer`);
        seen[connection] = results.map((result) => [result.status, result.error?.name, result.error?.kind]);
      }
      assert.deepEqual(seen.jsonrpc, seen.json2, 'JSON-RPC carries the names JSON-2 gives');
      // XML-RPC's code 2 covers every user error: the validation error reads as a user error there.
      assert.deepEqual(seen.xmlrpc.slice(0, -1), seen.json2.slice(0, -1));
      assert.deepEqual(seen.xmlrpc.at(-1), [422, 'odoo.exceptions.UserError', 'validation']);
    } finally {
      await close();
    }
  });

  test('a traceback of the deprecated interfaces reaches the result as the error debug', async () => {
    const { ports, close } = scriptedPorts({
      connections: [
        {
          profile: profileOf('xmlrpc', sandbox.url, sandbox.database, { protocol: 'xmlrpc', login: sandbox.users.admin.login }),
          secret: sandbox.users.admin.password as string,
        },
      ],
    });
    try {
      const { run } = runOf('POST res.partner/search\n{ "domain": [["no_such_field", "=", 1]] }\n', ports);
      const [result] = await run.run([0]);
      assert.equal(result.verdict, 'failed');
      assert.equal(result.status, 500);
      assert.match(result.error?.debug ?? '', /Traceback[\s\S]*ValueError: Invalid field res\.partner\.no_such_field/);
    } finally {
      await close();
    }
  });
});

describe("the real server's recorded fault formats", () => {
  const traceback = (last: string) =>
    [
      'Traceback (most recent call last):',
      '  File "/opt/odoo/odoo/addons/rpc/controllers/xmlrpc.py", line 160, in xmlrpc_2',
      '    response = self._xmlrpc(service)',
      '               ^^^^^^^^^^^^^^^^^^^^^',
      '  File "/opt/odoo/odoo/service/model.py", line 63, in get_public_method',
      '    raise AttributeError(e)',
      last,
      '',
    ].join('\n');

  const cases: Array<[string, unknown, number, string | undefined, string]> = [
    [
      'code 1, unknown method',
      new XmlRpcFault(1, traceback("AttributeError: The method 'res.partner.no_such_method' does not exist"), 'object.execute_kw'),
      404,
      'werkzeug.exceptions.NotFound',
      "The method 'res.partner.no_such_method' does not exist",
    ],
    [
      'code 1, a field that does not exist',
      new XmlRpcFault(1, traceback("ValueError: Invalid field res.partner.no_such_field in condition ('no_such_field', '=', 1)"), 'x'),
      500,
      'builtins.ValueError',
      "Invalid field res.partner.no_such_field in condition ('no_such_field', '=', 1)",
    ],
    [
      'code 1, a multi-line message of a qualified exception',
      new XmlRpcFault(
        1,
        traceback(
          'psycopg2.errors.InvalidTextRepresentation: invalid input syntax for type integer: "abc"\nLINE 1: ...WHERE id IN (\'abc\')',
        ),
        'x',
      ),
      500,
      'psycopg2.errors.InvalidTextRepresentation',
      'invalid input syntax for type integer: "abc"\nLINE 1: ...WHERE id IN (\'abc\')',
    ],
    [
      'code 4, a private method',
      new XmlRpcFault(4, "Private methods (such as 'res.partner._compute_display_name') cannot be called remotely.", 'x'),
      403,
      'odoo.exceptions.AccessError',
      "Private methods (such as 'res.partner._compute_display_name') cannot be called remotely.",
    ],
    ['code 3, refused credentials', new XmlRpcFault(3, 'Access Denied', 'x'), 401, 'odoo.exceptions.AccessDenied', 'Access Denied'],
    [
      'code 2, a missing record',
      new XmlRpcFault(2, 'Record does not exist or has been deleted.\n(Record: res.partner(987654,), User: 2)', 'x'),
      404,
      'odoo.exceptions.MissingError',
      'Record does not exist or has been deleted.\n(Record: res.partner(987654,), User: 2)',
    ],
    [
      'code 2, an unknown model',
      new XmlRpcFault(2, "Object no.such doesn't exist", 'x'),
      404,
      'werkzeug.exceptions.NotFound',
      "Object no.such doesn't exist",
    ],
    [
      '/xmlrpc string code',
      new XmlRpcFault('warning -- AccessError\n\nYou are not allowed to access this.', '', 'x'),
      403,
      'odoo.exceptions.AccessError',
      'You are not allowed to access this.',
    ],
    [
      'an "Odoo Server Error" envelope',
      new JsonRpcError(
        0,
        'Odoo Server Error',
        {
          name: 'odoo.exceptions.AccessError',
          message: "You are not allowed to access 'System Parameter' (ir.config_parameter) records.",
          arguments: ["You are not allowed to access 'System Parameter' (ir.config_parameter) records."],
          context: {},
          debug: 'Traceback (most recent call last):\n  …\nodoo.exceptions.AccessError: …',
        },
        'object.execute_kw',
      ),
      403,
      'odoo.exceptions.AccessError',
      "You are not allowed to access 'System Parameter' (ir.config_parameter) records.",
    ],
    [
      'an envelope of a refused password',
      new JsonRpcError(
        0,
        'Odoo Server Error',
        { name: 'odoo.exceptions.AccessDenied', message: 'Access Denied', arguments: ['Access Denied'] },
        'x',
      ),
      401,
      'odoo.exceptions.AccessDenied',
      'Access Denied',
    ],
    [
      'an envelope of an unknown method',
      new JsonRpcError(0, 'Odoo Server Error', { name: 'builtins.AttributeError', message: "The method 'a.b.c' does not exist" }, 'x'),
      404,
      'werkzeug.exceptions.NotFound',
      "The method 'a.b.c' does not exist",
    ],
  ];
  for (const [what, fault, status, name, message] of cases) {
    test(`${what} → ${status} ${name}`, () => {
      const answer = faultAnswerOf(fault);
      assert.ok(answer);
      assert.equal(answer.status, status);
      assert.equal(answer.body.name, name);
      assert.equal(answer.body.message, message);
    });
  }

  test('a traceback stays the debug; arguments as JSON-2 gives them; anything but a fault is no answer', () => {
    const text = traceback("ValueError: Invalid field 'no_such_field' in 'res.partner'");
    const answer = faultAnswerOf(new XmlRpcFault(1, text, 'x'));
    assert.equal(answer?.body.debug, text);
    assert.deepEqual(answer?.body.arguments, ["Invalid field 'no_such_field' in 'res.partner'"]);
    assert.deepEqual(faultAnswerOf(new XmlRpcFault(1, traceback("AttributeError: The method 'a.b' does not exist"), 'x'))?.body.arguments, [
      "The method 'a.b' does not exist",
      404,
    ]);
    assert.equal(faultAnswerOf(new Error('socket hang up')), undefined);
    assert.equal(errorKindOf('odoo.exceptions.AccessDenied', 401), 'auth', 'a 401 is refused credentials');
  });

  test('the exception of a chained traceback is the last one', () => {
    const chained = `${traceback('KeyError: 1')}\nDuring handling of the above exception, another exception occurred:\n\n${traceback('odoo.exceptions.UserError: nope')}`;
    assert.deepEqual(exceptionOfTraceback(chained), { name: 'odoo.exceptions.UserError', message: 'nope' });
    assert.equal(exceptionOfTraceback('   \n'), undefined);
  });
});
