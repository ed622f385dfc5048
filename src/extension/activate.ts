// The extension's composition root: builds the shared services and wires each feature; nothing else.
import * as vscode from 'vscode';
import { chooseHttpPool } from '../core/http/httpPoolChoice';
import { type ExplorerTestApi, registerExplorer } from './explorer/registerExplorer';
import { createLogChannel } from './logChannel';
import { registerLogCommands } from './logCommands';
import { type ConnectionsTestApi, registerConnections } from './connections/registerConnections';
import { registerRequests, type RequestsTestApi } from './requests/registerRequests';
import { type LanguageFeature, registerLanguage } from './language/registerLanguage';
import { registerMigration } from './migrate/registerMigration';
import { SchemaServices } from './schema/schemaServices';
import { type KeysTestApi, registerKeys } from './keys/registerKeys';
import { type DatabasesTestApi, registerDatabases } from './databases/registerDatabases';
import { type LocalSandboxTestApi, registerLocalSandbox } from './sandbox/registerLocalSandbox';
import { registerTesting, type TestingTestApi } from './testing/registerTesting';
import { type AgentsTestApi, registerAgents } from './agents/registerAgents';
import { undiciPoolFromBundle } from './undiciPoolBundle';
import { type PasteTestApi, registerPaste } from './paste/registerPaste';

/** Set by the bundle's first and last lines (scripts/build.mjs); absent when the sources run unbundled. */
declare const __json2LoadStarted: number | undefined;
declare const __json2LoadEnded: number | undefined;

/** What activate returns to extension tests (test mode only; undefined otherwise). */
export interface Json2TestApi {
  readonly connections: ConnectionsTestApi;
  readonly requests?: RequestsTestApi;
  readonly language?: LanguageFeature;
  readonly explorer?: ExplorerTestApi;
  readonly keys?: KeysTestApi;
  readonly databases?: DatabasesTestApi;
  readonly localSandbox?: LocalSandboxTestApi;
  readonly testing?: TestingTestApi;
  readonly paste?: PasteTestApi;
  readonly agents?: AgentsTestApi;
}

export function activate(context: vscode.ExtensionContext): Json2TestApi | undefined {
  const activateStarted = performance.now();
  // Every client of the extension sends through undici's Pool (the command line chooses node:http).
  chooseHttpPool('undici', undiciPoolFromBundle);
  const log = createLogChannel();
  const features = registerFeatures(context, log);
  logActivationTime(context, log, performance.now() - activateStarted);
  return testApiOf(features);
}

/** Registers every feature on the shared services; each is disposed with the extension. */
function registerFeatures(context: vscode.ExtensionContext, log: vscode.LogOutputChannel) {
  const connections = registerConnections(context, log);
  const requests = registerRequests(context, connections.service, log);
  const testing = registerTesting(context, { service: connections.service, log, ...requests.running }, connections.testApi?.inputs);
  const schemaServices = new SchemaServices(connections.service, context.globalStorageUri);
  const language = registerLanguage(connections.service, schemaServices, connections.contextSwitcher);
  const explorer = registerExplorer(context, {
    connections: connections.service,
    language,
    inputs: connections.testApi?.inputs,
    schemaServices,
    identities: connections.identities,
  });
  const [keys, databases] = [registerKeys(context, connections, log), registerDatabases(context, connections, log)];
  const localSandbox = registerLocalSandbox(context, connections, log);
  const paste = registerPaste(context, connections, log);
  const agents = registerAgents(context, connections, schemaServices, log);
  context.subscriptions.push(agents.disposable);
  context.subscriptions.push(
    log,
    registerLogCommands(log),
    explorer,
    connections,
    requests,
    language,
    schemaServices,
    registerMigration(log, connections.service),
    keys,
    databases,
    localSandbox,
    testing,
    paste,
  );
  return { connections, requests, language, explorer, keys, databases, localSandbox, testing, paste, agents };
}

/** The activation time line that bench/activationBench.mjs reads from the extension's log. */
function logActivationTime(context: vscode.ExtensionContext, log: vscode.LogOutputChannel, activateMs: number): void {
  const moduleMs =
    typeof __json2LoadStarted === 'number' && typeof __json2LoadEnded === 'number' ? __json2LoadEnded - __json2LoadStarted : 0;
  const ms = (value: number): string => value.toFixed(1);
  log.info(
    vscode.l10n.t(
      'JSON-2 Explorer {0} activated in {1} ms (module {2} ms, activate {3} ms)',
      String(context.extension.packageJSON.version),
      ms(moduleMs + activateMs),
      ms(moduleMs),
      ms(activateMs),
    ),
  );
}

function testApiOf(features: ReturnType<typeof registerFeatures>): Json2TestApi | undefined {
  const { connections, requests, language, explorer, keys, databases, localSandbox, testing, paste, agents } = features;
  return (
    connections.testApi && {
      connections: connections.testApi,
      requests: requests.testApi,
      language,
      explorer: explorer.testApi,
      keys: keys.testApi,
      databases: databases.testApi,
      localSandbox: localSandbox.testApi,
      testing: testing.testApi,
      paste: paste.testApi,
      agents: agents.testApi,
    }
  );
}

export function deactivate(): void {}
