// Hover in json2 documents: what a model, method, argument, field path or operator is, from the core.
import * as vscode from 'vscode';
import { loadLanguage, type LanguageSchemas } from './languageSchemas';
import { parsedFile, signalOf, toRange } from './languageConversions';
import { serverMarkdown } from '../serverMarkdown';

export class Json2HoverProvider implements vscode.HoverProvider {
  constructor(private readonly schemas: LanguageSchemas) {}

  async provideHover(
    document: vscode.TextDocument,
    position: vscode.Position,
    token: vscode.CancellationToken,
  ): Promise<vscode.Hover | undefined> {
    const file = await parsedFile(document);
    const offset = document.offsetAt(position);
    const { requestAt } = await import('../../core/requestFile/bodyLocation.js');
    const source = await this.schemas.source(this.schemas.connectionName(file, requestAt(file, offset)?.index));
    const cancel = signalOf(token);
    try {
      const hover = await (await loadLanguage()).hoverAt(file, offset, source, cancel.signal);
      return hover && new vscode.Hover(serverMarkdown(hover.contents), toRange(hover.range));
    } catch (error) {
      if (cancel.signal.aborted) return undefined;
      throw error;
    } finally {
      cancel.dispose();
    }
  }
}
