// `--no-key-methods`: a server of a 19.0 build before programmatic key management, whose res.users.apikeys has no
// `generate` or `revoke` (a recorded one answers 404 "The method 'res.users.apikeys.generate' does not exist" and
// leaves both out of its /doc-bearer document). Taking them out of the model spec does both here.
import type { ModelSpec } from '../orm/modelDefinition';

const KEY_MODEL = 'res.users.apikeys';
const PROGRAMMATIC_KEY_METHODS: ReadonlySet<string> = new Set(['generate', 'revoke']);

/** The model specs, with res.users.apikeys's `generate` and `revoke` left out when key methods are off. */
export function withKeyMethods(specs: readonly ModelSpec[], keyMethods: boolean): ModelSpec[] {
  if (keyMethods) return [...specs];
  return specs.map((spec) =>
    spec.name === KEY_MODEL
      ? { ...spec, methods: (spec.methods ?? []).filter((method) => !PROGRAMMATIC_KEY_METHODS.has(method.name)) }
      : spec,
  );
}
