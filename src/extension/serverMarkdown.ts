// The editor's Markdown for anything built from a server's answers: never trusted, no HTML, no icons.
import * as vscode from 'vscode';

/**
 * A MarkdownString of Markdown whose server text the core escaped (`escapeMarkdown`). Each switch is set off here, not
 * left to the defaults: trusted Markdown would run `command:` links, HTML would render tags, and icons would turn a
 * server's `$(name)` into an icon after the escapes are read.
 */
export function serverMarkdown(value = ''): vscode.MarkdownString {
  const markdown = new vscode.MarkdownString(value, false);
  markdown.isTrusted = false;
  markdown.supportHtml = false;
  return markdown;
}
