// Server text made inert where the editor turns `[label](target)` into a link even in plain text: notifications,
// and the prompt and validation message of an input box. There a `command:` link runs an editor command on a click.

/** Invisible, and not white space: it keeps the text as it reads while splitting `](` apart. */
const WORD_JOINER = '\u2060';

/**
 * The text with every `](` split by an invisible word joiner, so that no `[label](https:…|command:…|file:…)` in it
 * becomes a link (the editor only links a `]` followed at once by `(`). Everything else is left as it is: these places
 * show the rest as plain text.
 */
export function inertLinks(text: string): string {
  return text.replaceAll('](', `]${WORD_JOINER}(`);
}

/**
 * The text with the editor's icon syntax (`$(name)`) escaped, for labels that render it (quick pick items, status bar
 * text): a server's `$(warning)` shows as those characters, not as an icon.
 */
export function escapeThemeIcons(text: string): string {
  return text.replace(/\$\(/g, '\\$(');
}
