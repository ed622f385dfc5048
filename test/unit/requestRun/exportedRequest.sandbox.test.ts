// Exports of a request carry the connection's default context as the run sends it (the request's own keys win): the
// exported cURL and fetch code, run against the sandbox, answer in the connection's language; the key never appears.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { after, before, describe, test } from 'node:test';
import { parseRequestFile, resolveRequest, type ResolvedRequest } from '../../../src/core/requestFile';
import { exportedRequestCode, type ExportFormat } from '../../../src/core/requestRun/exportedRequest';
import { startSandbox, type StartedSandbox } from '../../../src/sandbox/testApi';
import { skipOutsideCi } from '../../support/skipOutsideCi';
import { profileOf } from './pipelineHarness';

const run = promisify(execFile);
const BELGIUM = `POST res.country/search_read
{ "domain": [["code", "=", "BE"]], "fields": ["name"] }
`;

async function resolved(text: string): Promise<ResolvedRequest> {
  const result = await resolveRequest(parseRequestFile(text), 0);
  assert.ok(result.ok);
  return result.request;
}

describe('exports of a request with the connection default context', () => {
  let sandbox: StartedSandbox;
  before(async () => {
    sandbox = await startSandbox();
  });
  after(async () => {
    await sandbox?.stop();
  });

  function code(request: ResolvedRequest, format: ExportFormat, defaultContext?: Record<string, unknown>): string {
    const profile = profileOf(
      'local',
      sandbox.url,
      sandbox.database,
      defaultContext ? { defaultContext, login: 'admin' } : { login: 'admin' },
    );
    const exported = exportedRequestCode(request, format, profile);
    assert.ok('code' in exported, 'problem' in exported ? exported.problem : '');
    assert.ok(!exported.code.includes(sandbox.keys.admin), 'the key is never in an export');
    return exported.code;
  }

  test('cURL, Python, JavaScript and execute_kw carry the connection keys; without defaults the body is as written', async () => {
    const request = await resolved(BELGIUM);
    const context = { lang: 'fr_FR', allowed_company_ids: [1] };
    assert.match(code(request, 'curl', context), /"context":\{"lang":"fr_FR","allowed_company_ids":\[1\]\}/);
    assert.match(code(request, 'python', context), /"lang": "fr_FR"/);
    assert.match(code(request, 'javascript', context), /"?lang"?: "fr_FR"/);
    assert.match(code(request, 'executeKw', context), /fr_FR/);
    for (const format of ['curl', 'python', 'javascript', 'executeKw'] as const)
      assert.doesNotMatch(code(request, format), /context|fr_FR/);
  });

  test("the request's own key wins over the connection's, the others still apply", async () => {
    const request = await resolved(BELGIUM.replace('"fields": ["name"]', '"fields": ["name"], "context": { "lang": "en_US" }'));
    const curl = code(request, 'curl', { lang: 'fr_FR', tz: 'Europe/Brussels' });
    assert.match(curl, /"tz":"Europe\/Brussels"/);
    assert.match(curl, /"lang":"en_US"/);
    assert.doesNotMatch(curl, /fr_FR/);
  });

  test('the exported cURL and fetch, run, answer in the connection language', async (t) => {
    const request = await resolved(BELGIUM);
    const env = { PATH: process.env.PATH ?? '', JSON2_API_KEY: sandbox.keys.admin };
    const script = await run(process.execPath, ['--input-type=module', '-e', code(request, 'javascript', { lang: 'fr_FR' })], { env });
    assert.match(script.stdout, /Belgique/);
    try {
      await run('curl', ['--version']);
    } catch {
      skipOutsideCi(t, 'NO curl: apt-get install curl; the exported cURL was NOT run');
      return;
    }
    const curl = await run('bash', ['-c', `${code(request, 'curl', { lang: 'fr_FR' }).trimEnd()} --silent --fail`], { env });
    assert.equal((JSON.parse(curl.stdout) as { name: string }[])[0].name, 'Belgique');
  });
});
