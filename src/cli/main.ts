// The `json2` command line: dispatches to a subcommand, loading only the code that subcommand needs.
import { parseArgs } from 'node:util';
import { cliVersion } from './cliVersion';

const USAGE = `Usage: json2 <command> [options]

Commands:
  run FILE... [options]   run the requests of .json2 files and check their assertions (json2 run --help)
  explain FILE[:LINE]     run a request and explain a 401, 403, empty list or missing field (json2 explain --help)
  migrate scan|fix PATH   find and convert deprecated XML-RPC/JSON-RPC calls (json2 migrate --help)
  import FILE|DIR...      Postman, Insomnia, Bruno and .http collections as .json2 files (json2 import --help)
  export FILE|DIR...      .json2 files as a Postman collection or a .http file (json2 export --help)
  types --models LIST     TypeScript or Python types of models and methods from the live schema (--from-project:
                          the models a project uses); --check FILE tells whether a generated file still matches
                          it (json2 types --help)
  sandbox [options]       start the local sandbox server (json2 sandbox --help)
  mcp [options]           serve the agent tools over MCP on stdio (json2 mcp --help)
  whoami [--connection N] who a connection's key acts as: user, groups, companies, key (json2 whoami --help)
  version                 print the version

Options:
  -h, --help          show this help
  -v, --version       print the version`;

type SandboxModule = { runSandboxCommand(argv: string[]): Promise<number>; tuneSandboxProcess(): void };

async function runSandbox(argv: string[]): Promise<number> {
  // The sandbox is a separate bundle next to this one, loaded only for this command.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const sandbox = require('./sandbox.js') as SandboxModule;
  // This process is the sandbox's own: its memory settings apply (src/sandbox/command/processMemory.ts).
  sandbox.tuneSandboxProcess();
  return sandbox.runSandboxCommand(argv);
}

/**
 * The command line's clients send through node's own HTTP client (core/http/nodeHttpPool.ts): no WebAssembly parser to
 * compile at start-up, as undici's would. Required on demand, so `--help` never loads node:http.
 */
function chooseNodeHttpPool(): void {
  /* eslint-disable @typescript-eslint/no-require-imports */
  const { chooseHttpPool } = require('../core/http/httpPoolChoice') as typeof import('../core/http/httpPoolChoice');
  const { createNodeHttpPool } = require('../core/http/nodeHttpPool') as typeof import('../core/http/nodeHttpPool');
  /* eslint-enable @typescript-eslint/no-require-imports */
  chooseHttpPool('node:http', createNodeHttpPool);
}

async function runFiles(argv: string[]): Promise<number> {
  chooseNodeHttpPool();
  // Required on demand: esbuild wraps the module lazily, so the runner, the client and the HTTP pool load only for this command.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { runRunCommand } = require('./runCommand') as typeof import('./runCommand');
  return runRunCommand(argv);
}

type McpModule = { runMcpCommand(argv: string[]): Promise<number> };

async function runMcp(argv: string[]): Promise<number> {
  // The MCP server and its SDK are a separate bundle, loaded only for this command: `json2 run` never pays for them.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const mcp = require('./mcp.js') as McpModule;
  return mcp.runMcpCommand(argv);
}

async function runMigrate(argv: string[]): Promise<number> {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { runMigrateCommand } = require('./migrateCommand') as typeof import('./migrateCommand');
  return runMigrateCommand(argv);
}

type CollectionsModule = typeof import('./collectionsBundle');

function collections(): CollectionsModule {
  // The collection readers and Bruno's parser are a separate bundle next to this one, loaded only for import and export.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return require('./collections.js') as CollectionsModule;
}

async function runTypes(argv: string[]): Promise<number> {
  chooseNodeHttpPool();
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { runTypesCommand } = require('./typesCommand') as typeof import('./typesCommand');
  return runTypesCommand(argv);
}

async function runWhoami(argv: string[]): Promise<number> {
  chooseNodeHttpPool();
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { runWhoamiCommand } = require('./whoamiCommand') as typeof import('./whoamiCommand');
  return runWhoamiCommand(argv);
}

export async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (command === 'run') return runFiles(rest);
  if (command === 'explain') {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { runExplainCommand } = require('./explainCommand') as typeof import('./explainCommand');
    return runExplainCommand(rest, runFiles);
  }
  if (command === 'import') return collections().runImportCommand(rest);
  if (command === 'export') return collections().runExportCommand(rest);
  if (command === 'migrate') return runMigrate(rest);
  if (command === 'types') return runTypes(rest);
  if (command === 'sandbox') return runSandbox(rest);
  if (command === 'mcp') return runMcp(rest);
  if (command === 'whoami') return runWhoami(rest);
  if (command === 'version') {
    console.log(cliVersion());
    return 0;
  }
  const { values } = parseArgs({
    args: argv,
    options: { help: { type: 'boolean', short: 'h' }, version: { type: 'boolean', short: 'v' } },
    strict: false,
  });
  if (values.version) {
    console.log(cliVersion());
    return 0;
  }
  if (values.help || command === undefined) {
    console.log(USAGE);
    return 0;
  }
  console.error(`json2: unknown command '${command}'\n\n${USAGE}`);
  return 2;
}

/**
 * Ends a finished `run` as soon as stdout and stderr have taken everything written. Left to itself, Node first waits
 * for V8's background work (compiling and optimising this bundle), which adds up to a few hundred milliseconds to a
 * short run on a busy machine. Not for `sandbox`, whose server keeps running after its command returns.
 */
function exitWhenFlushed(code: number): void {
  let pending = 2;
  const flushed = () => {
    pending -= 1;
    if (pending === 0) process.exit(code);
  };
  process.stdout.write('', flushed);
  process.stderr.write('', flushed);
}

if (require.main === module) {
  const argv = process.argv.slice(2);
  main(argv).then(
    (code) => {
      process.exitCode = code;
      if (argv[0] === 'run' || argv[0] === 'explain') exitWhenFlushed(code);
    },
    (error: unknown) => {
      console.error(`json2: ${error instanceof Error ? error.message : String(error)}`);
      process.exitCode = 1;
    },
  );
}
