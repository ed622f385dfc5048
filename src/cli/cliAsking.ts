// How `json2 run` answers the pipeline's questions: prompts from the environment, confirmations on a terminal or --yes.
import { secretEnvironmentName } from '../core/requestFile';
import type { RunAsking } from '../core/requestRun/runPorts';

/**
 * A run has nobody to type into an input box: a `# @prompt NAME` is answered by the environment variable `JSON2_<NAME>`
 * (the name exports use), a confirmation on the terminal when there is one, else only by `--yes`. The environment is
 * read without asking: whoever runs `json2 run` chose the file and the environment.
 */
export function cliAsking(env: Readonly<Record<string, string | undefined>>, yes: boolean): RunAsking {
  return {
    prompt: (question) => Promise.resolve(env[secretEnvironmentName(question.name)]),
    confirm: (question) => confirmOnTerminal(question.message, yes),
    allowEnvironment: () => Promise.resolve(true),
    notConfirmed: (question) => `not sent: it needs confirmation ("${question.message}"); answer on a terminal or run with --yes`,
    unansweredHint: (names) => `; set ${names.map((name) => secretEnvironmentName(name)).join(', ')} in the environment to answer it`,
  };
}

/** Asks on the terminal; without one (CI, pipes) only --yes lets such a request go. */
async function confirmOnTerminal(message: string, yes: boolean): Promise<boolean> {
  if (yes) return true;
  if (!process.stdin.isTTY || !process.stderr.isTTY) return false;
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { createInterface } = require('node:readline/promises') as typeof import('node:readline/promises');
  const readline = createInterface({ input: process.stdin, output: process.stderr });
  try {
    const answer = await readline.question(`${message} Send it? [y/N] `);
    return /^y(es)?$/i.test(answer.trim());
  } finally {
    readline.close();
  }
}
