// Paste as JSON-2 Request: the command (clipboard through vscode.env.clipboard) and the paste provider of .json2 files
// turn a cURL command, Python or JavaScript code into requests (core/paste); a key found in it is offered to the
// SecretStorage of the matching connection, or of a new one, and never written into the file.
import * as vscode from 'vscode';
import type { FoundKey, PasteOutcome } from '../../core/migrate/migrateBundle';
import { CommandIds } from '../commandIds';
import type { ConnectionsFeature } from '../connections/registerConnections';
import { migrationEngine } from '../migrate/migrationEngine';
import { type PasteQuestions, saveKeyAsConnection, vscodePasteQuestions } from './pastedKey';

/** The kind of the paste edit (`editor.action.pasteAs` with `{ kind: 'json2.request' }` asks for it). */
export const PASTE_KIND = vscode.DocumentDropOrPasteEditKind.Empty.append('json2', 'request');

/** What integration tests drive (test mode only). */
export interface PasteTestApi {
  /** Answers the key questions instead of a person; undefined restores the real ones. */
  setQuestions(questions: PasteQuestions | undefined): void;
  /** The last key offer's outcome: where the key went, or why it did not. */
  lastKeyOutcome(): string | undefined;
  /**
   * The registered paste provider: the host's `editor.action.pasteAs` falls back to a plain paste in the test host
   * (the browser refuses a scripted paste), so the tests call the provider itself with a DataTransfer.
   */
  readonly provider: vscode.DocumentPasteEditProvider;
}

export interface PasteFeature extends vscode.Disposable {
  readonly testApi: PasteTestApi | undefined;
}

export function registerPaste(
  context: vscode.ExtensionContext,
  connections: ConnectionsFeature,
  log: vscode.LogOutputChannel,
): PasteFeature {
  const keys = new PastedKeyOffer(connections, log);
  const convert = (text: string): PasteOutcome =>
    migrationEngine().pasteAsRequest(
      text,
      connections.service.list().map((saved) => saved.profile),
    );
  const offerKey = (found: FoundKey, document: vscode.TextDocument, inserted: string): void => void keys.offer(found, document, inserted);
  const provider = pasteEditProvider(convert, offerKey);
  const disposables = vscode.Disposable.from(
    vscode.commands.registerCommand(CommandIds.pasteAsRequest, () => pasteFromClipboard(convert, offerKey, log)),
    vscode.languages.registerDocumentPasteEditProvider({ language: 'json2' }, provider, {
      providedPasteEditKinds: [PASTE_KIND],
      pasteMimeTypes: ['text/plain'],
    }),
  );
  const testMode = context.extensionMode === vscode.ExtensionMode.Test;
  return {
    testApi: testMode
      ? {
          setQuestions: (next) => {
            keys.questions = next ?? vscodePasteQuestions;
          },
          lastKeyOutcome: () => keys.lastOutcome,
          provider,
        }
      : undefined,
    dispose: () => disposables.dispose(),
  };
}

/** Offers a key found in pasted code to the SecretStorage of its connection, or of a new one; keeps the outcome for tests. */
class PastedKeyOffer {
  questions: PasteQuestions = vscodePasteQuestions;
  lastOutcome: string | undefined;

  constructor(
    private readonly connections: ConnectionsFeature,
    private readonly log: vscode.LogOutputChannel,
  ) {}

  async offer(found: FoundKey, document: vscode.TextDocument, inserted: string): Promise<void> {
    const { connections, questions, log } = this;
    const saved = found.connection ? connections.service.find(found.connection) : undefined;
    const answer = await questions.storeKey(found, saved?.profile.name);
    if (answer === 'store' && saved) {
      await connections.secrets.store(saved.profile, found.key);
      this.lastOutcome = `stored for ${saved.profile.name}`;
      log.info(`[${saved.profile.name}] API key stored from a pasted request`);
      void vscode.window.showInformationMessage(vscode.l10n.t('The key was stored for "{0}".', saved.profile.name));
    } else if (answer === 'new') {
      const name = await saveKeyAsConnection(found, { connections, questions, log });
      this.lastOutcome = name === undefined ? 'no new connection' : `new connection ${name}`;
      if (name !== undefined) await nameConnectionInPaste(document, inserted, name);
    } else this.lastOutcome = 'declined';
  }
}

/** The Paste as JSON-2 Request command: the clipboard's code as requests in a .json2 editor, then the key offered. */
async function pasteFromClipboard(
  convert: (text: string) => PasteOutcome,
  offerKey: (found: FoundKey, document: vscode.TextDocument, inserted: string) => void,
  log: vscode.LogOutputChannel,
): Promise<boolean> {
  const outcome = convert(await vscode.env.clipboard.readText());
  if (!outcome.ok) {
    void vscode.window.showErrorMessage(vscode.l10n.t('Cannot paste as a JSON-2 request: {0}', outcome.reason));
    return false;
  }
  const pasted = await insertIntoJson2Editor(outcome.text);
  if (!pasted) return false;
  log.info(`pasted ${outcome.requests.length} request(s) from ${outcome.requests[0].source}`);
  if (outcome.key) offerKey(outcome.key, pasted.document, pasted.inserted);
  return true;
}

/** The .json2 paste provider: a paste that converts becomes the requests; any other text is pasted as it is. */
function pasteEditProvider(
  convert: (text: string) => PasteOutcome,
  offerKey: (found: FoundKey, document: vscode.TextDocument, inserted: string) => void,
): vscode.DocumentPasteEditProvider {
  return {
    async provideDocumentPasteEdits(document, _ranges, dataTransfer, _context, token) {
      const text = await dataTransfer.get('text/plain')?.asString();
      if (text === undefined || token.isCancellationRequested) return undefined;
      const outcome = convert(text);
      // Text that is no request (a body, a comment...) is pasted as it is, by the editor's own paste.
      if (!outcome.ok) return undefined;
      const edit = new vscode.DocumentPasteEdit(
        outcome.text,
        vscode.l10n.t('Paste as JSON-2 request ({0})', outcome.requests[0].source),
        PASTE_KIND,
      );
      if (outcome.key) {
        const found = outcome.key;
        // Asked once the edit is in the document (the person may still choose the plain paste in the paste widget).
        setTimeout(() => offerKey(found, document, outcome.text), 0);
      }
      return [edit];
    },
  };
}

/** Puts pasted requests at the selection of the active .json2 editor (a new untitled one if none), on a line of their own. */
async function insertIntoJson2Editor(text: string): Promise<{ document: vscode.TextDocument; inserted: string } | undefined> {
  let editor = vscode.window.activeTextEditor;
  if (!editor || editor.document.languageId !== 'json2') {
    const document = await vscode.workspace.openTextDocument({ language: 'json2', content: '' });
    editor = await vscode.window.showTextDocument(document);
  }
  const target = editor;
  const at = target.selection;
  const startsOwnLine = at.start.character === 0 && (at.start.line === 0 || target.document.lineAt(at.start.line - 1).text.trim() === '');
  const inserted = (startsOwnLine ? '' : '\n') + text;
  const applied = await target.edit((builder) => builder.replace(at, inserted));
  return applied ? { document: target.document, inserted } : undefined;
}

/** After a new connection is made from a pasted key: its name above each pasted request that named none. */
async function nameConnectionInPaste(document: vscode.TextDocument, inserted: string, name: string): Promise<void> {
  const start = document.getText().indexOf(inserted);
  if (start < 0 || document.isClosed) return;
  const edit = new vscode.WorkspaceEdit();
  let offset = start;
  for (const block of inserted.split(/(?=^### )/m)) {
    const firstLine = block.indexOf('\n');
    if (block.startsWith('### ') && firstLine > 0 && !/^# @connection /m.test(block))
      edit.insert(document.uri, document.positionAt(offset + firstLine + 1), `# @connection ${name}\n`);
    offset += block.length;
  }
  await vscode.workspace.applyEdit(edit);
}
