// The explanation's engine (explainAnswer.ts with its causes), required the first time an answer is explained: a
// bundle of its own in the extension (scripts/build.mjs keeps './explainAnswer.js' external), so that start-up never
// parses it; the CLI's bundles inline it.
import type * as Engine from './explainAnswer';

let engine: typeof Engine | undefined;

/** explainAnswer of explainAnswer.ts, loaded on first use. */
export function explainAnswer(...args: Parameters<typeof Engine.explainAnswer>): ReturnType<typeof Engine.explainAnswer> {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  engine ??= require('./explainAnswer.js') as typeof Engine;
  return engine.explainAnswer(...args);
}
