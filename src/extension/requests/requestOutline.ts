// The outline of a json2 file (one symbol per request) and a folding range per `###` block.
import * as vscode from 'vscode';
import { parsedDocument } from '../parsedDocuments';
import { rangeOf } from './requestDiagnostics';

export class RequestOutlineProvider implements vscode.DocumentSymbolProvider, vscode.FoldingRangeProvider {
  provideDocumentSymbols(document: vscode.TextDocument): vscode.DocumentSymbol[] {
    const parsed = parsedDocument(document);
    return parsed.requests.map((request) => {
      const line = parsed.text.slice(request.requestLine.range.startOffset, request.requestLine.range.endOffset);
      const name = request.name?.text ?? request.separator?.title?.text ?? line;
      return new vscode.DocumentSymbol(
        name || line,
        line,
        vscode.SymbolKind.Function,
        rangeOf(request.range),
        rangeOf(request.requestLine.range),
      );
    });
  }

  provideFoldingRanges(document: vscode.TextDocument): vscode.FoldingRange[] {
    return parsedDocument(document)
      .blocks.filter((block) => block.range.end.line > block.range.start.line)
      .map((block) => new vscode.FoldingRange(block.range.start.line, block.range.end.line, vscode.FoldingRangeKind.Region));
  }
}
