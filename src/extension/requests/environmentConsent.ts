// `{{$processEnv NAME}}` in the editor: a request file may put the editor's environment variables into a request only
// once the person has allowed that file to read those names (asked once per file and name, remembered per workspace).
import type * as vscode from 'vscode';

const KEY = 'json2.environmentConsent';

/** The editor's environment, noting every name a resolution reads from it. */
export function recordingEnvironment(reads: Set<string>): Readonly<Record<string, string | undefined>> {
  const note = (name: string | symbol) => { if (typeof name === 'string') reads.add(name); };
  return new Proxy({ ...process.env }, {
    get: (target, name) => { note(name); return Reflect.get(target, name) as unknown; },
    getOwnPropertyDescriptor: (target, name) => { note(name); return Reflect.getOwnPropertyDescriptor(target, name); },
    has: (target, name) => { note(name); return Reflect.has(target, name); },
  });
}

/** The names each file (by URI) may read, in the workspace's state. */
export class EnvironmentConsent {
  constructor(private readonly state: vscode.Memento) {}

  /** The names of `names` that `uri` may not read yet. */
  missing(uri: string, names: Iterable<string>): string[] {
    const allowed = new Set(this.#all()[uri] ?? []);
    return [...new Set(names)].filter((name) => !allowed.has(name)).sort();
  }

  async allow(uri: string, names: readonly string[]): Promise<void> {
    const all = this.#all();
    await this.state.update(KEY, { ...all, [uri]: [...new Set([...(all[uri] ?? []), ...names])].sort() });
  }

  #all(): Readonly<Record<string, readonly string[]>> {
    return this.state.get<Record<string, string[]>>(KEY) ?? {};
  }
}
