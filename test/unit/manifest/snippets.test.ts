// The json2 snippets: each one, expanded with its default values, is a request file without problems that passes
// against the sandbox (json2 run), so a snippet never teaches a wrong argument name.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { parseRequestFile } from '../../../src/core/requestFile';
import { startSandbox, type StartedSandbox } from '../../../src/sandbox/testApi';
import { ensureCliBuilt, repoRoot, runCli } from '../cli/cliHarness';

interface Snippet {
  prefix: string;
  body: string[];
}
interface JsonRun {
  files: { requests: { label: string; verdict: string; httpStatus?: number; message?: string }[] }[];
}

const manifest = JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as {
  contributes: { snippets: { language: string; path: string }[] };
};
const [contribution] = manifest.contributes.snippets;
const snippets = JSON.parse(fs.readFileSync(path.join(repoRoot, contribution.path), 'utf8')) as Record<string, Snippet>;

/** The text a snippet inserts when every placeholder keeps its default (a mirrored tab stop repeats its first value). */
function expand(body: readonly string[]): string {
  const values = new Map<string, string>();
  return body
    .join('\n')
    .replace(/\$\{(\d+):([^}]*)\}/g, (_match, stop: string, value: string) => {
      if (!values.has(stop)) values.set(stop, value);
      return values.get(stop) as string;
    })
    .replace(/\$\d+/g, '');
}

let sandbox: StartedSandbox;
let tmp: string;
before(async () => {
  ensureCliBuilt();
  sandbox = await startSandbox();
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'json2-snippets-'));
});
after(async () => {
  await sandbox.stop();
  fs.rmSync(tmp, { recursive: true, force: true });
});

test('the snippets are for json2 files and cover the common requests', () => {
  assert.equal(contribution.language, 'json2');
  assert.deepEqual(
    Object.values(snippets)
      .map((snippet) => snippet.prefix)
      .sort(),
    ['chained', 'create', 'formatted_read_group', 'read_group', 'search_read', 'write'],
  );
});

for (const [name, snippet] of Object.entries(snippets)) {
  test(`snippet "${name}": parses without problems and passes against the sandbox`, async () => {
    const text = expand(snippet.body);
    assert.ok(!text.includes('${'), text);
    const parsed = parseRequestFile(text);
    assert.deepEqual(parsed.diagnostics, []);
    assert.ok(parsed.requests.length > 0);
    const file = path.join(tmp, `${name}.json2`);
    fs.writeFileSync(file, text);
    const connections = path.join(tmp, 'connections.json');
    fs.writeFileSync(connections, JSON.stringify([{ name: 'sandbox', baseUrl: sandbox.url, database: sandbox.database }]));
    const result = await runCli(['run', file, '--connections', connections, '--connection', 'sandbox', '--output', 'json'], {
      env: { JSON2_API_KEY_SANDBOX: sandbox.keys.admin },
    });
    const requests = (JSON.parse(result.stdout) as JsonRun).files[0].requests;
    assert.deepEqual(
      requests.map((request) => [request.verdict, request.httpStatus, request.message]),
      requests.map(() => ['passed', 200, undefined]),
      result.stderr,
    );
    assert.equal(result.code, 0, result.stderr);
  });
}
