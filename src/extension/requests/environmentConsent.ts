// `{{$processEnv NAME}}` in the editor: a request file may put the editor's environment variables into a request only
// once the person has allowed that file to read those names (asked once per file and name, remembered per workspace).
// The pipeline notes which names a request reads (core `recordingEnvironment`) and asks through `allowEnvironment`.
import type * as vscode from 'vscode';

const KEY = 'json2.environmentConsent';

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
