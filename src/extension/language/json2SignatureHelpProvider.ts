// Signature help in a call's body: the method's arguments, the one at the cursor highlighted.
import * as vscode from 'vscode';
import { loadLanguage, type LanguageSchemas } from './languageSchemas';
import { parsedFile, signalOf } from './languageConversions';
import { serverMarkdown } from '../serverMarkdown';

export class Json2SignatureHelpProvider implements vscode.SignatureHelpProvider {
  constructor(private readonly schemas: LanguageSchemas) {}

  async provideSignatureHelp(
    document: vscode.TextDocument,
    position: vscode.Position,
    token: vscode.CancellationToken,
  ): Promise<vscode.SignatureHelp | undefined> {
    const file = await parsedFile(document);
    const offset = document.offsetAt(position);
    const { requestAt } = await import('../../core/requestFile/bodyLocation.js');
    const source = await this.schemas.source(this.schemas.connectionName(file, requestAt(file, offset)?.index));
    const cancel = signalOf(token);
    try {
      const answer = await (await loadLanguage()).signatureAt(file, offset, source, cancel.signal);
      if (!answer) return undefined;
      const markdown = (text: string | undefined) => (text === undefined ? undefined : serverMarkdown(text));
      const signature = new vscode.SignatureInformation(answer.label, markdown(answer.documentation));
      signature.parameters = answer.parameters.map(
        (parameter) => new vscode.ParameterInformation([parameter.start, parameter.end], markdown(parameter.documentation)),
      );
      const help = new vscode.SignatureHelp();
      help.signatures = [signature];
      help.activeSignature = 0;
      help.activeParameter = answer.activeParameter;
      return help;
    } finally {
      cancel.dispose();
    }
  }
}
