// `json2 explain FILE[:LINE] [run options]`: runs the request on LINE (every request without it) with --explain.

export const EXPLAIN_USAGE = `Usage: json2 explain FILE[:LINE] [options]

Runs the request on LINE of a .json2 file (every request of the file without :LINE; named requests it uses run
first) and explains a 401, a 403, an empty list or a record lacking a requested field: one sentence per cause,
naming the access right, record rule, group, company, archived records or database, from what the key's user may
read of the server's access model, and what would change it.

Options: those of json2 run (--connection, --url, --db, --context, --env, --key-file, --output, --timeout, --yes, ...).
Same as: json2 run FILE --line LINE --explain`;

/** The `json2 run` words for `json2 explain`, or a usage problem. */
export function explainRunArguments(argv: readonly string[]): string[] | { problem: string } | 'help' {
  if (argv.includes('-h') || argv.includes('--help')) return 'help';
  const [target, ...rest] = argv;
  if (target === undefined || target.startsWith('-')) return { problem: 'give the .json2 file first, as FILE or FILE:LINE' };
  const match = /^(.*):(\d+)$/.exec(target);
  if (match && match[2] === '0') return { problem: `line numbers start at 1, not 0 (${target})` };
  const file = match ? match[1] : target;
  return [file, ...(match ? ['--line', match[2]] : []), '--explain', ...rest];
}

/** Runs `json2 explain`; resolves with the exit code of the run. */
export async function runExplainCommand(argv: readonly string[], runRun: (argv: string[]) => Promise<number>): Promise<number> {
  const args = explainRunArguments(argv);
  if (args === 'help') {
    process.stdout.write(`${EXPLAIN_USAGE}\n`);
    return 0;
  }
  if ('problem' in args) {
    process.stderr.write(`json2 explain: ${args.problem}\n(json2 explain --help shows the options)\n`);
    return 2;
  }
  return runRun(args);
}
