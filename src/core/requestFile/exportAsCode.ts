// Exports a resolved request as a cURL command, a Python `requests` script or a JavaScript `fetch` module.
import { REDACTED } from '../redaction/secretRedactor';
import { codeLiteral, stringExpression } from './codeLiterals';
import { exportParts, mergeSegments, splitSecrets, type ExportOptions, type ExportSecret, type TextSegment } from './exportParts';
import type { ResolvedRequest } from './resolvedRequestTypes';

/** One shell word: double-quoted when that is safe (so `$VAR` expands), else single-quoted literals joined with `"$VAR"`. */
export function shellWord(pieces: readonly TextSegment[]): string {
  const segments = mergeSegments(pieces);
  if (segments.length === 0) return "''";
  const plain = segments.every((segment) => 'env' in segment || !/[$`"\\!\n]/.test(segment.text));
  if (plain && segments.some((segment) => 'env' in segment)) {
    const word = segments.map((segment, index) => {
      if ('text' in segment) return segment.text;
      const following = segments[index + 1];
      // Braces only when the next character would otherwise extend the variable's name.
      return following && 'text' in following && /^\w/.test(following.text) ? `\${${segment.env}}` : `$${segment.env}`;
    });
    return `"${word.join('')}"`;
  }
  return segments.map((segment) => ('env' in segment ? `"$${segment.env}"` : `'${segment.text.replace(/'/g, "'\\''")}'`)).join('');
}

/**
 * JSON text of a value in which secret strings become environment variables (for a shell word). Secrets are matched in
 * the JSON text itself: one that JSON writes as it is becomes `$VAR`; one that JSON escapes (`\\`, `"`, control
 * characters) cannot be spliced in (its value would break the JSON), so its escaped form is written `«redacted»`.
 */
function jsonWithSecrets(value: unknown, secrets: readonly ExportSecret[]): TextSegment[] {
  const text = JSON.stringify(value) ?? 'null';
  const escaped = secrets.map((secret) => JSON.stringify(secret.value).slice(1, -1)).filter((form, index) => form !== secrets[index].value);
  const unspliceable = (part: string): string => escaped.reduce((rest, form) => rest.split(form).join(REDACTED), part);
  return splitSecrets(text, secrets).map((segment) =>
    'text' in segment && escaped.length > 0 ? { text: unspliceable(segment.text) } : segment,
  );
}

/**
 * A cURL command for a resolved request. The key is read from `$JSON2_API_KEY` (or the variable given in the
 * options); secret values from `$JSON2_<NAME>` (`_VALUE` added if that is the key's variable), spliced into the
 * JSON as they are (they must not need escaping).
 */
export function exportAsCurl(request: ResolvedRequest, options: ExportOptions): string {
  const parts = exportParts(request, options);
  const lines = [`curl${parts.method === 'POST' ? ' --request POST' : ''} ${shellWord(parts.url)}`];
  for (const header of parts.headers) lines.push(`  --header ${shellWord([{ text: `${header.name}: ` }, ...header.value])}`);
  if (parts.body !== undefined) lines.push(`  --data-raw ${shellWord(jsonWithSecrets(parts.body, parts.secrets))}`);
  return `${lines.join(' \\\n')}\n`;
}

/** A Python script using `requests` for a resolved request; the key is read with `os.environ`. */
export function exportAsPython(request: ResolvedRequest, options: ExportOptions): string {
  const parts = exportParts(request, options);
  const indent = '    ';
  const headers = parts.headers.map(
    (header) => `${indent}${indent}${JSON.stringify(header.name)}: ${stringExpression(header.value, 'python')},`,
  );
  const call = [
    `response = requests.${parts.method.toLowerCase()}(`,
    `${indent}${stringExpression(parts.url, 'python')},`,
    `${indent}headers={`,
    ...headers,
    `${indent}},`,
    ...(parts.body !== undefined ? [`${indent}json=${codeLiteral(parts.body, parts.secrets, 'python', indent, 1)},`] : []),
    `${indent}timeout=60,`,
    ')',
  ];
  return ['import os', '', 'import requests', '', ...call, 'print(response.status_code)', 'print(response.json())', ''].join('\n');
}

/** A JavaScript ES module using `fetch` (top-level await) for a resolved request; the key is read from `process.env`. */
export function exportAsJavaScript(request: ResolvedRequest, options: ExportOptions): string {
  const parts = exportParts(request, options);
  const indent = '  ';
  const headers = parts.headers.map(
    (header) => `${indent}${indent}${JSON.stringify(header.name)}: ${stringExpression(header.value, 'javascript')},`,
  );
  return [
    `const response = await fetch(${stringExpression(parts.url, 'javascript')}, {`,
    `${indent}method: ${JSON.stringify(parts.method)},`,
    `${indent}headers: {`,
    ...headers,
    `${indent}},`,
    ...(parts.body !== undefined
      ? [`${indent}body: JSON.stringify(${codeLiteral(parts.body, parts.secrets, 'javascript', indent, 1)}),`]
      : []),
    '});',
    'console.log(response.status, await response.json());',
    '',
  ].join('\n');
}
