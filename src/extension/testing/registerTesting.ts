// Wires request files into VS Code's Test Explorer: the controller, its tree, the "Run" and "Run with connection…"
// profiles; a test API in test mode.
import * as vscode from 'vscode';
import { chooseConnection } from '../connections/connectionChoice';
import { QuickInputPort, type InputAutomation } from '../connections/quickInputPort';
import { type RecordedTestRun, runRequestTests, type RequestTestRunDeps } from './requestTestRun';
import { RequestTestTree } from './requestTestTree';

/** What integration tests read and drive (test mode only). */
export interface TestingTestApi {
  readonly controller: vscode.TestController;
  /** Discovers the workspace's request files as the Testing view does when it opens. */
  discover(): Promise<void>;
  /** Expands a file item as the Testing view does. */
  expand(item: vscode.TestItem): Promise<void>;
  /** Every run so far, oldest first, with what each reported on each item. */
  runs(): readonly RecordedTestRun[];
  /** Runs items through a profile's handler, as the Testing view's buttons do; the source cancels it. */
  run(items: readonly vscode.TestItem[], profile: 'run' | 'withConnection', cancel?: vscode.CancellationToken): Promise<void>;
}

export interface TestingFeature extends vscode.Disposable {
  readonly testApi: TestingTestApi | undefined;
}

export function registerTesting(
  context: vscode.ExtensionContext,
  deps: Omit<RequestTestRunDeps, 'controller' | 'tree'>,
  inputs: InputAutomation | undefined,
): TestingFeature {
  const controller = vscode.tests.createTestController('json2.requests', vscode.l10n.t('JSON-2 request files'));
  const tree = new RequestTestTree(controller);
  const runDeps: RequestTestRunDeps = { ...deps, controller, tree };
  const recorded: RecordedTestRun[] = [];
  const record = (): RecordedTestRun => {
    const run: RecordedTestRun = { results: new Map(), started: [], ended: false };
    recorded.push(run);
    // Only the last runs are kept: the record is for tests, not a history.
    if (recorded.length > 20) recorded.shift();
    return run;
  };
  const runProfile = controller.createRunProfile(
    vscode.l10n.t('Run'),
    vscode.TestRunProfileKind.Run,
    (request, token) => runRequestTests(runDeps, request, token, record()),
    true,
  );
  const withConnection = controller.createRunProfile(
    vscode.l10n.t('Run with connection…'),
    vscode.TestRunProfileKind.Run,
    async (request, token) => {
      const chosen = await chooseConnection(
        deps.service,
        new QuickInputPort(inputs),
        undefined,
        vscode.l10n.t('Run the requests with which connection?'),
      );
      if (!chosen || token.isCancellationRequested) return;
      await runRequestTests(runDeps, request, token, record(), chosen.profile.name);
    },
    false,
  );
  const testApi =
    context.extensionMode === vscode.ExtensionMode.Test
      ? testingTestApi(controller, recorded, { run: runProfile, withConnection })
      : undefined;
  return { testApi, dispose: () => vscode.Disposable.from(tree, runProfile, withConnection, controller).dispose() };
}

function testingTestApi(
  controller: vscode.TestController,
  recorded: readonly RecordedTestRun[],
  profiles: Readonly<Record<'run' | 'withConnection', vscode.TestRunProfile>>,
): TestingTestApi {
  return {
    controller,
    discover: async () => {
      await controller.resolveHandler?.(undefined);
    },
    expand: async (item) => {
      await controller.resolveHandler?.(item);
    },
    runs: () => recorded,
    run: async (items, profile, cancel) => {
      const chosen = profiles[profile];
      await chosen.runHandler(new vscode.TestRunRequest(items, undefined, chosen), cancel ?? new vscode.CancellationTokenSource().token);
    },
  };
}
