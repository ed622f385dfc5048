// `json2 run` never prints a secret of the run that the server echoes back in a later request: a secret prompt answer
// and a secret environment value, plain and holding \ " ' < &, in every --output format, on stderr and in JUnit.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { startSandbox, type StartedSandbox } from '../../../src/sandbox/testApi';
import { ensureCliBuilt, runCli } from './cliHarness';

const SECRETS = ['hunter2secret', 'pa\\ss"wo\'rd<&>'];

/** How the plant gets the secret: a secret `# @prompt` (answered from JSON2_PLANT_SECRET), or `{{$processEnv PLANT_TOKEN}}`. */
const PLANTS = {
  prompt: { head: '# @prompt plantSecret\n', value: '{{plantSecret}}', env: (secret: string) => ({ JSON2_PLANT_SECRET: secret }) },
  environment: { head: '', value: '{{$processEnv PLANT_TOKEN}}', env: (secret: string) => ({ PLANT_TOKEN: secret }) },
};

function echoFile(plant: (typeof PLANTS)[keyof typeof PLANTS]): string {
  return `${plant.head}### Plant the secret as a partner's name
# @name planted
POST res.partner/create
{ "vals_list": [{ "name": "${plant.value}" }] }

### A later request: the server echoes it, the failed assertion quotes it
# @name readBack
POST res.partner/read
{ "ids": {{planted.response.body}}, "fields": ["name"] }
?? body[0].name == "x"

### Another: the server quotes it with Python's repr in its error message
POST res.partner/search_read
{ "domain": [["id", "=", {{readBack.response.body[0].name}}]] }
`;
}

/** The forms the secret takes in this run's answers, messages and XML report, written out by hand. */
function formsOf(secret: string): string[] {
  const repr = secret.replace(/\\/g, '\\\\').replace(/'/g, "\\'");
  const inner = [secret, JSON.stringify(secret).slice(1, -1), repr, JSON.stringify(repr).slice(1, -1)];
  const xml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
  return [...new Set([...inner, ...inner.map(xml)])];
}

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
    for (const secret of SECRETS) {
      test(`a secret from the ${how} (${JSON.stringify(secret)}): pretty, json, body, none, stderr and JUnit`, async () => {
        const file = path.join(tmp, `echo-${how}.json2`);
        fs.writeFileSync(file, echoFile(plant));
        for (const output of ['pretty', 'json', 'body', 'none']) {
          const junit = path.join(tmp, `echo-${how}-${output}.xml`);
          const result = await runCli(['run', file, '--url', sandbox.url, '--db', sandbox.database, '--output', output, '--junit', junit], {
            env: { JSON2_API_KEY: sandbox.keys.admin, ...plant.env(secret) },
          });
          assert.equal(result.code, 1, result.stderr);
          const report = fs.readFileSync(junit, 'utf8');
          for (const [where, text] of [['stdout', result.stdout], ['stderr', result.stderr], ['junit', report]] as const) {
            for (const form of formsOf(secret)) assert.ok(!text.includes(form), `${JSON.stringify(form)} in ${where} (--output ${output}): ${text.slice(0, 2000)}`);
          }
          assert.match(result.stdout + result.stderr, /\?\? body\[0\]\.name == "x": got "«redacted»"/);
          assert.match(report, /got &quot;«redacted»&quot;/);
          if (output !== 'none') assert.match(result.stdout, /«redacted»/);
        }
      });
    }
  }
});
