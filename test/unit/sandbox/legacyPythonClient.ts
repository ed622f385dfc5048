// Drives the deprecated XML-RPC endpoints with Python's standard xmlrpc.client, several calls per Python process.
import { spawn } from 'node:child_process';

const RUNNER = `
import json, sys, xmlrpc.client
base, steps = sys.argv[1], json.load(sys.stdin)
out = []
for path, method, params in steps:
    proxy = xmlrpc.client.ServerProxy(base + path, allow_none=True)
    try:
        out.append({'ok': getattr(proxy, method)(*params)})
    except xmlrpc.client.Fault as fault:
        out.append({'fault': [fault.faultCode, fault.faultString]})
print(json.dumps(out))
`;

/** One call: the endpoint path (`/xmlrpc/2/object`), the function and its positional parameters. */
export type Step = [path: string, method: string, params: unknown[]];
/** `{ok: value}` or `{fault: [code, string]}`. */
export type Answer = { ok?: unknown; fault?: [number | string, string] };

export function python(baseUrl: string, steps: Step[]): Promise<Answer[]> {
  return new Promise((resolve, reject) => {
    const child = spawn('python3', ['-c', RUNNER, baseUrl], { stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) reject(new Error(`python3 exited with ${code}: ${stderr}`));
      else resolve(JSON.parse(stdout) as Answer[]);
    });
    child.stdin.end(JSON.stringify(steps));
  });
}
