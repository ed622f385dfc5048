// Extension-host entry for the activation benchmark: opens a .json2 file and waits until the extension is active.
import * as vscode from 'vscode';

const EXTENSION_ID = 'json2-explorer.json2-explorer';

export async function run(): Promise<void> {
  console.log('JSON2_TESTS_STARTED');
  const folder = vscode.workspace.workspaceFolders?.[0];
  if (!folder) throw new Error('the benchmark needs a workspace folder');
  const document = await vscode.workspace.openTextDocument(vscode.Uri.joinPath(folder.uri, 'partners.json2'));
  await vscode.window.showTextDocument(document);
  const extension = vscode.extensions.getExtension(EXTENSION_ID);
  for (let waited = 0; !extension?.isActive; waited += 50) {
    if (waited > 20_000) throw new Error(`${EXTENSION_ID} did not activate within 20 s`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  console.log('JSON2_BENCH_ACTIVATED');
}
