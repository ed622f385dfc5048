// Diagnostics of json2 files as they are edited: parse errors and unknown {{variables}}, checked a moment after typing.
import * as vscode from 'vscode';
import {
  checkVariables,
  transactionHints,
  type Diagnostic,
  type RequestFile,
  type TextRange,
  type TransactionHint,
} from '../../core/requestFile';
import type { ConnectionService } from '../connections/connectionService';
import { parsedDocument } from '../parsedDocuments';
import { dotenvOf } from './requestDotenv';

const DELAY_MS = 250;
const SEVERITY: Record<Diagnostic['severity'], vscode.DiagnosticSeverity> = {
  error: vscode.DiagnosticSeverity.Error,
  warning: vscode.DiagnosticSeverity.Warning,
  information: vscode.DiagnosticSeverity.Information,
  hint: vscode.DiagnosticSeverity.Hint,
};

export function rangeOf(range: TextRange): vscode.Range {
  return new vscode.Range(range.start.line, range.start.character, range.end.line, range.end.character);
}

/** Where the two-transactions hint is explained. */
const TRANSACTIONS_DOC = vscode.Uri.parse(
  'https://github.com/json2-explorer/json2-explorer/blob/main/docs/format.md#12-one-call-one-transaction',
);

/** The file's two-transactions hints, as the setting `json2.transactionHints.readChains` wants them. */
export function transactionHintsOf(parsed: RequestFile): TransactionHint[] {
  return transactionHints(parsed, {
    readChains: vscode.workspace.getConfiguration('json2').get<boolean>('transactionHints.readChains', true),
  });
}

/** What the core finds in the file: parse errors, unknown variables, two-transactions hints. */
async function problemsOf(service: ConnectionService, document: vscode.TextDocument): Promise<Diagnostic[]> {
  const parsed = parsedDocument(document);
  const variables = Object.keys(service.forRequest(parsed)?.profile.variables ?? {});
  const dotenv = Object.keys(await dotenvOf(document.uri));
  return [
    ...parsed.diagnostics,
    ...checkVariables(parsed, { variables, dotenv }),
    ...transactionHintsOf(parsed).map((hint) => hint.diagnostic),
  ];
}

function editorDiagnosticOf(problem: Diagnostic, uri: vscode.Uri): vscode.Diagnostic {
  const diagnostic = new vscode.Diagnostic(rangeOf(problem.range), problem.message, SEVERITY[problem.severity]);
  diagnostic.code = problem.code === 'two-transactions' ? { value: problem.code, target: TRANSACTIONS_DOC } : problem.code;
  diagnostic.source = 'json2';
  if (problem.related)
    diagnostic.relatedInformation = problem.related.map(
      (related) => new vscode.DiagnosticRelatedInformation(new vscode.Location(uri, rangeOf(related.range)), related.message),
    );
  return diagnostic;
}

export function registerRequestDiagnostics(service: ConnectionService): vscode.Disposable {
  const collection = vscode.languages.createDiagnosticCollection('json2');
  const timers = new Map<string, NodeJS.Timeout>();
  const check = async (document: vscode.TextDocument) => {
    if (document.languageId !== 'json2') return;
    const version = document.version;
    const problems = await problemsOf(service, document);
    if (document.version !== version || document.isClosed) return;
    collection.set(
      document.uri,
      problems.map((problem) => editorDiagnosticOf(problem, document.uri)),
    );
  };
  const schedule = (document: vscode.TextDocument) => {
    if (document.languageId !== 'json2') return;
    const key = document.uri.toString();
    clearTimeout(timers.get(key));
    timers.set(
      key,
      setTimeout(() => {
        timers.delete(key);
        void check(document);
      }, DELAY_MS),
    );
  };
  // Documents already open are checked a moment later, so that activation never waits for a parse.
  for (const document of vscode.workspace.textDocuments) schedule(document);
  return vscode.Disposable.from(
    collection,
    vscode.workspace.onDidOpenTextDocument((document) => void check(document)),
    vscode.workspace.onDidChangeTextDocument((event) => schedule(event.document)),
    vscode.workspace.onDidCloseTextDocument((document) => collection.delete(document.uri)),
    service.onDidChange(() => {
      for (const document of vscode.workspace.textDocuments) void check(document);
    }),
    vscode.workspace.onDidChangeConfiguration((event) => {
      if (event.affectsConfiguration('json2.transactionHints')) for (const document of vscode.workspace.textDocuments) void check(document);
    }),
    {
      dispose: () => {
        for (const timer of timers.values()) clearTimeout(timer);
      },
    },
  );
}
