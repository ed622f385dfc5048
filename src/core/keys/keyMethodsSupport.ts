// Whether a server makes and revokes API keys through its API (`res.users.apikeys` `generate` and `revoke`), known
// before anything is asked. Programmatic key management came in a later 19.0 build: a recorded 19.0 server has
// neither (404 "The method 'res.users.apikeys.generate' does not exist"), and says so in its own documentation.

/** `available`: both methods are there; `absent`: not there (keys are made and deleted in the browser); `unknown`. */
export type KeyMethods = 'available' | 'absent' | 'unknown';

export interface KeyMethodsAnswer {
  readonly methods: KeyMethods;
  /** What told: the model's documentation (`/doc-bearer/res.users.apikeys.json`), the server's release, or nothing. */
  readonly from: 'documents' | 'release' | 'nothing';
}

/** What the check needs from a connection; `Json2Client` has it. */
export interface KeyMethodsBackend {
  getDocument(path: string, options?: { signal?: AbortSignal }): Promise<{ notModified: boolean; body?: unknown }>;
  version(signal?: AbortSignal): Promise<{ version: string; version_info: unknown[] }>;
}

const KEY_DOCUMENT = '/doc-bearer/res.users.apikeys.json';

/**
 * From the model's documentation when the key may read it (the server lists exactly the methods it lets a client
 * call); else from the release, which settles it only for a release after 19.0 (every 19.0 build says "19.0",
 * with or without the methods): `unknown` then, and the commands go on as with the methods, falling back to the
 * browser if the server answers that they do not exist (`isMissingKeyMethod`).
 */
export async function keyMethodsOf(backend: KeyMethodsBackend, signal?: AbortSignal): Promise<KeyMethodsAnswer> {
  try {
    const answer = await backend.getDocument(KEY_DOCUMENT, { signal });
    const methods = (answer.body as { methods?: unknown } | undefined)?.methods;
    if (methods !== null && typeof methods === 'object' && !Array.isArray(methods)) {
      const listed = methods as Record<string, unknown>;
      return { methods: 'generate' in listed && 'revoke' in listed ? 'available' : 'absent', from: 'documents' };
    }
  } catch (error) {
    if (signal?.aborted) throw error;
  }
  try {
    return laterThan190((await backend.version(signal)).version)
      ? { methods: 'available', from: 'release' }
      : { methods: 'unknown', from: 'nothing' };
  } catch (error) {
    if (signal?.aborted) throw error;
    return { methods: 'unknown', from: 'nothing' };
  }
}

/** True for a release after 19.0 (`saas~19.1`, `19.2`, `20.0`…), all of which have programmatic key management. */
function laterThan190(version: string): boolean {
  const match = /^(?:saas~)?(\d+)\.(\d+)/.exec(version.trim());
  if (!match) return false;
  const major = Number(match[1]);
  return major > 19 || (major === 19 && Number(match[2]) > 0);
}

/** True when a failed `generate` or `revoke` says the server has no such method (404 "… does not exist"). */
export function isMissingKeyMethod(failure: { status?: number; message?: string }): boolean {
  return failure.status === 404 && /res\.users\.apikeys\.(generate|revoke)'? does not exist/.test(failure.message ?? '');
}
