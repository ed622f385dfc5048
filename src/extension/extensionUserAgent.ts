// The User-Agent of the extension's requests: its name and the installed version, built by the core's userAgentOf.
import type * as vscode from 'vscode';
import { userAgentOf } from '../core/client/userAgent';

export function extensionUserAgent(context: vscode.ExtensionContext): string {
  return userAgentOf('JSON-2 Explorer', String(context.extension.packageJSON.version));
}
