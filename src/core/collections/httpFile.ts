// Reads a REST Client / httpYac `.http` or `.rest` file: `###` blocks, `# @name`, `@name = value` variables, a request
// line with headers and a body. Assertions and scripts of httpYac are listed in the report, not converted.
import { type SourceCollection, type SourceRequest, type SourceVariable, emptyReport } from './collectionTypes';
import { fromHttpPlaceholders } from './httpFileSyntax';
import { looksSecret } from '../requestFile/secretNames';

const METHOD = /^(GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS|CONNECT|TRACE)\s+(\S+)(?:\s+HTTP\/[\d.]+)?\s*$/;
const BARE_URL = /^((?:https?:\/\/|\{\{|\/)\S*)(?:\s+HTTP\/[\d.]+)?\s*$/;
const VARIABLE = /^@([A-Za-z_][\w-]*)\s*=\s*(.*)$/;
const METADATA = /^(?:#|\/\/)\s*@(\w+)\s*(.*)$/;

/** The requests and variables of one `.http` file; `fileName` (without extension) names the written file. */
export function readHttpFile(text: string, fileName: string): SourceCollection {
  const report = emptyReport();
  const variables: SourceVariable[] = [];
  const requests: SourceRequest[] = [];
  const blocks = splitBlocks(text.replace(/\r\n?/g, '\n'));
  const prompts: string[] = [];
  blocks.forEach((block, index) => {
    const read = readBlock(block, index, fileName, variables, report);
    if (read.request) requests.push(read.request);
    // Prompts above the first request line of the file are asked once for the whole file, as in `.json2`.
    else if (requests.length === 0) prompts.push(...read.prompts);
  });
  const secretValues = variables.filter((variable) => looksSecret(variable.name)).map((variable) => variable.value);
  return {
    format: '.http file',
    files: requests.length > 0 ? [{ path: [fileName], variables, requests, prompts }] : [],
    environments: [],
    report,
    secretValues: secretValues.filter((value) => value !== '' && !/^\{\{.*\}\}$/.test(value)),
  };
}

interface Block {
  readonly title: string;
  readonly lines: readonly string[];
}

function splitBlocks(text: string): Block[] {
  const blocks: Block[] = [{ title: '', lines: [] }];
  for (const line of text.split('\n')) {
    const separator = /^\s*###(.*)$/.exec(line);
    if (separator) blocks.push({ title: separator[1].replace(/^#*/, '').trim(), lines: [] });
    else (blocks[blocks.length - 1].lines as string[]).push(line);
  }
  return blocks;
}

function readBlock(
  block: Block,
  index: number,
  fileName: string,
  variables: SourceVariable[],
  report: ReturnType<typeof emptyReport>,
): { request?: SourceRequest; prompts: string[] } {
  let name: string | undefined;
  const metadataLines: [string, string][] = [];
  const comments: string[] = [];
  let requestLine: { method: string; url: string } | undefined;
  const headers: { name: string; value: string }[] = [];
  const body: string[] = [];
  let phase: 'head' | 'script' | 'headers' | 'body' = 'head';
  const where = `${fileName}: ${block.title || `request ${index}`}`;
  for (const raw of block.lines) {
    const line = raw.trim();
    if (phase === 'script') {
      if (line === '}}') phase = 'head';
      continue;
    }
    if (phase === 'body') {
      if (line.startsWith('??')) report.scripts.push({ where, what: `assertion "${line}": not converted` });
      else body.push(raw);
      continue;
    }
    if (phase === 'headers') {
      if (line === '') phase = 'body';
      else if (/^[#/]/.test(line)) continue;
      else {
        const header = /^([^:\s]+)\s*:\s*(.*)$/.exec(line);
        if (header) headers.push({ name: header[1], value: fromHttpPlaceholders(header[2]) });
        else {
          phase = 'body';
          body.push(raw);
        }
      }
      continue;
    }
    const variable = VARIABLE.exec(line);
    if (variable) {
      variables.push({ name: variable[1], value: fromHttpPlaceholders(variable[2].trim()) });
      continue;
    }
    const metadata = METADATA.exec(line);
    if (metadata) {
      const value = metadata[2].trim();
      if (metadata[1] === 'name') name = value;
      else if (metadata[1] === 'prompt') metadataLines.push(['prompt', value]);
      // REST Client's @note asks before sending, as @confirm does.
      else if (metadata[1] === 'note' || metadata[1] === 'confirm') metadataLines.push(['confirm', value]);
      else report.leftOut.push({ where, what: `@${metadata[1]} setting: not converted` });
      continue;
    }
    if (line === '' || line.startsWith('#') || line.startsWith('//')) {
      if (/^(#|\/\/)\s*\S/.test(line)) comments.push(line.replace(/^(#|\/\/)\s*/, ''));
      continue;
    }
    if (line === '{{' || (line.startsWith('{{') && line.endsWith('}}') && !line.includes('/'))) {
      report.scripts.push({ where, what: 'script block: not converted' });
      if (line === '{{') phase = 'script';
      continue;
    }
    const request = METHOD.exec(line) ?? (BARE_URL.test(line) ? [line, 'GET', line.split(/\s+/)[0]] : null);
    if (!request) {
      report.leftOut.push({ where, what: `line "${line}": not a request line` });
      return { prompts: [] };
    }
    requestLine = { method: request[1], url: fromHttpPlaceholders(request[2]) };
    phase = 'headers';
  }
  const prompts = metadataLines.filter(([keyword]) => keyword === 'prompt').map(([, value]) => value);
  if (!requestLine) return { prompts };
  const bodyText = body.join('\n').trim();
  if (bodyText.startsWith('<')) {
    report.leftOut.push({ where, what: `body read from a file (${bodyText.split('\n')[0]}): not converted` });
    return { prompts: [] };
  }
  const request: SourceRequest = {
    title: block.title || name || `${requestLine.method} ${requestLine.url}`,
    ...(name !== undefined ? { name } : {}),
    where,
    method: requestLine.method,
    url: requestLine.url,
    headers,
    ...(bodyText !== '' ? { body: fromHttpPlaceholders(bodyText) } : {}),
    ...(comments.length > 0 ? { comments } : {}),
    ...(metadataLines.length > 0 ? { metadata: metadataLines } : {}),
  };
  return { request, prompts: [] };
}
