// Where `json2 sandbox` takes the master password it sets: the environment variable JSON2_SANDBOX_MASTER_PASSWORD, a
// file (--master-password-file), a prompt on the terminal (--master-password-prompt, typed twice, not shown), or the
// deprecated --master-password PW, which other local users see in the process list and the shell keeps in its history.
import fs from 'node:fs';
import { read } from 'read';
import { modesApply } from '../storage/ownerOnlyFiles';

export const MASTER_PASSWORD_VARIABLE = 'JSON2_SANDBOX_MASTER_PASSWORD';

export type MasterPasswordSource = { from: 'argument'; value: string } | { from: 'file'; path: string } | { from: 'prompt' };

/** The master password cannot be read from its source. */
export class MasterPasswordSourceError extends Error {}

export interface PasswordTerminal {
  /** Asks for a secret without showing it; rejects when there is no terminal to ask on. */
  askSecret(question: string): Promise<string>;
}

/** Asks on the process's terminal (stdin and stderr), without echo. */
export const processTerminal: PasswordTerminal = {
  async askSecret(question) {
    if (!process.stdin.isTTY)
      throw new MasterPasswordSourceError(
        '--master-password-prompt needs a terminal; use JSON2_SANDBOX_MASTER_PASSWORD or --master-password-file instead',
      );
    return read({ prompt: question, silent: true, replace: '', input: process.stdin, output: process.stderr });
  },
};

function fromFile(file: string, warn: (line: string) => void): string {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    throw new MasterPasswordSourceError(`cannot read the master password file ${file}: ${(error as Error).message}`);
  }
  if (modesApply() && (fs.statSync(file).mode & 0o077) !== 0)
    warn(`Warning: other users can read ${file}, which holds the master password (chmod 600 ${file})`);
  // The first line: an editor's final newline is not part of the password.
  return text.split(/\r?\n/)[0];
}

/**
 * The master password to set, or undefined to keep the stored one (or make one at the first start). A deprecated or
 * risky source gives a warning through `warn`.
 */
export async function readMasterPassword(
  source: MasterPasswordSource | undefined,
  environment: NodeJS.ProcessEnv,
  terminal: PasswordTerminal,
  warn: (line: string) => void,
): Promise<string | undefined> {
  let password: string | undefined;
  if (source?.from === 'argument') {
    warn(
      `Warning: --master-password is deprecated: other local users see it in the process list and the shell keeps it in its history; use ${MASTER_PASSWORD_VARIABLE}, --master-password-file FILE or --master-password-prompt`,
    );
    password = source.value;
  } else if (source?.from === 'file') {
    password = fromFile(source.path, warn);
  } else if (source?.from === 'prompt') {
    password = await terminal.askSecret('Master password: ');
    if (password !== '' && (await terminal.askSecret('Master password again: ')) !== password)
      throw new MasterPasswordSourceError('the two master passwords differ; nothing was changed');
  } else {
    password = environment[MASTER_PASSWORD_VARIABLE];
    if (password === undefined) return undefined;
  }
  if (password === '')
    throw new MasterPasswordSourceError(
      `the master password from ${source ? `--master-password${source.from === 'argument' ? '' : `-${source.from}`}` : MASTER_PASSWORD_VARIABLE} is empty`,
    );
  return password;
}
