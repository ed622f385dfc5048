// `json2 run` never prints a secret of the run that the server echoes back in a later request: a secret prompt answer
// and a secret environment value, plain and holding \ " ' < &, in every --output format, on stderr and in JUnit.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { startSandbox, type StartedSandbox } from '../../../src/sandbox/testApi';
import { echoedForms, ECHOED_SECRETS, echoFile } from '../../support/echoedSecrets';
import { ensureCliBuilt, runCli } from './cliHarness';
import { parseJunit } from './reportParsers';

/** How the plant gets the secret: a secret `# @prompt` (answered from JSON2_PLANT_SECRET), or `{{$processEnv PLANT_TOKEN}}`. */
const PLANTS = {
  prompt: { head: '# @prompt plantSecret\n', value: '{{plantSecret}}', env: (secret: string) => ({ JSON2_PLANT_SECRET: secret }) },
  environment: { head: '', value: '{{$processEnv PLANT_TOKEN}}', env: (secret: string) => ({ PLANT_TOKEN: secret }) },
};

describe('json2 run: secrets echoed by the server in later requests', () => {
  let sandbox: StartedSandbox;
  let tmp: string;

  before(async () => {
    ensureCliBuilt();
    sandbox = await startSandbox();
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'json2-cli-echo-'));
  });
  after(async () => {
    await sandbox?.stop();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  for (const [how, plant] of Object.entries(PLANTS)) {
    for (const secret of ECHOED_SECRETS) {
      test(`a secret from the ${how} (${JSON.stringify(secret)}): pretty, json, body, none, stderr and JUnit`, async () => {
        const file = path.join(tmp, `echo-${how}.json2`);
        fs.writeFileSync(file, echoFile(plant.head, plant.value));
        for (const output of ['pretty', 'json', 'body', 'none']) {
          const junit = path.join(tmp, `echo-${how}-${output}.xml`);
          const result = await runCli(['run', file, '--url', sandbox.url, '--db', sandbox.database, '--output', output, '--junit', junit], {
            env: { JSON2_API_KEY: sandbox.keys.admin, ...plant.env(secret) },
          });
          assert.equal(result.code, 1, result.stderr);
          const report = fs.readFileSync(junit, 'utf8');
          parseJunit(report);
          if (output === 'json') JSON.parse(result.stdout);
          for (const [where, text] of [
            ['stdout', result.stdout],
            ['stderr', result.stderr],
            ['junit', report],
          ] as const) {
            for (const form of echoedForms(secret))
              assert.ok(!text.includes(form), `${JSON.stringify(form)} in ${where} (--output ${output}): ${text.slice(0, 2000)}`);
          }
          assert.match(result.stdout + result.stderr, /\?\? body\[0\]\.name == "x": got "«redacted»"/);
          assert.match(report, /got &quot;«redacted»&quot;/);
          assert.match(report, /Invalid value &apos;«redacted»&apos;|Invalid value '«redacted»'/, 'the server quoted it in its error');
          if (output !== 'none') assert.match(result.stdout, /«redacted»/);
        }
      });
    }
  }
});
