// Reads back every report `json2 run` writes, strictly: JUnit with saxes (well-formed XML or a throw), TAP with
// tap-parser in strict mode (any line that is not TAP fails), GitHub workflow commands as the runner reads them.
import assert from 'node:assert/strict';
import { SaxesParser } from 'saxes';
import { type FinalResults, Parser as TapParser } from 'tap-parser';

/** An XML element as read back: its attributes, its child elements and its text (character data and CDATA). */
export interface XmlElement {
  readonly name: string;
  readonly attributes: Readonly<Record<string, string>>;
  readonly children: XmlElement[];
  text: string;
}

/** Parses a whole XML document with saxes; throws on anything that is not well-formed. */
export function parseXml(xml: string): XmlElement {
  const parser = new SaxesParser();
  const stack: XmlElement[] = [];
  let root: XmlElement | undefined;
  parser.on('error', (error) => {
    throw error;
  });
  parser.on('opentag', (tag) => {
    const element: XmlElement = { name: tag.name, attributes: { ...(tag.attributes as Record<string, string>) }, children: [], text: '' };
    stack.at(-1)?.children.push(element);
    root ??= element;
    stack.push(element);
  });
  parser.on('text', (text) => {
    const open = stack.at(-1);
    if (open) open.text += text;
  });
  parser.on('cdata', (text) => {
    const open = stack.at(-1);
    if (open) open.text += text;
  });
  parser.on('closetag', () => {
    stack.pop();
  });
  parser.write(xml).close();
  assert.ok(root, 'an XML document with a root element');
  return root;
}

/** Every element named `name` in the tree, depth first. */
export function elementsNamed(root: XmlElement, name: string): XmlElement[] {
  return [...(root.name === name ? [root] : []), ...root.children.flatMap((child) => elementsNamed(child, name))];
}

/** A JUnit report read back: the root `testsuites` and its test cases. */
export function parseJunit(xml: string): { root: XmlElement; testCases: XmlElement[] } {
  const root = parseXml(xml);
  assert.equal(root.name, 'testsuites');
  return { root, testCases: elementsNamed(root, 'testcase') };
}

/** One test point of a TAP report as tap-parser reads it. */
export interface TapPoint {
  readonly ok: boolean;
  readonly id: number;
  readonly name: string;
  readonly skip: string | boolean;
  /** The YAML diagnostics block, parsed; null when the block is missing or is not YAML. */
  readonly diag: Record<string, unknown> | null;
}

/**
 * Parses a TAP report with tap-parser in strict mode and checks that every line was TAP: no `extra` (non-TAP) data,
 * no parse error, a plan that matches; a failed point must carry its YAML block. `bailout` is the Bail out! reason.
 */
export function parseTap(text: string): { points: TapPoint[]; plan: { start: number; end: number }; bailout: string | boolean } {
  const parser = new TapParser({ strict: true });
  const points: TapPoint[] = [];
  const extra: string[] = [];
  let result: FinalResults | undefined;
  parser.on('assert', (point: TapPoint) => points.push(point));
  parser.on('extra', (line: string) => extra.push(line));
  parser.on('complete', (complete: FinalResults) => {
    result = complete;
  });
  parser.end(text);
  assert.ok(result, 'the TAP parser finished');
  assert.deepEqual(extra, [], 'every line of the report is TAP');
  const parseErrors = result.failures.filter((failure) => 'tapError' in failure && failure.tapError);
  assert.deepEqual(parseErrors, [], 'no TAP parse error');
  for (const point of points) if (!point.ok && !point.skip) assert.ok(point.diag, `the failed point ${point.id} has a YAML block`);
  return { points, plan: { start: result.plan.start ?? 0, end: result.plan.end ?? 0 }, bailout: result.bailout };
}

/** A workflow command as GitHub's runner reads a line (`ActionCommand.TryParseV2`): leading blanks trimmed, `::name props::data`. */
export interface WorkflowCommand {
  readonly command: string;
  readonly properties: Readonly<Record<string, string>>;
  readonly data: string;
}

const unescapeData = (text: string) => text.replace(/%0D/g, '\r').replace(/%0A/g, '\n').replace(/%25/g, '%');
const unescapeProperty = (text: string) => unescapeData(text.replace(/%3A/g, ':').replace(/%2C/g, ','));

/** The command on a line, as the runner would read it, or undefined when the line is not one. */
export function workflowCommandOf(line: string): WorkflowCommand | undefined {
  const trimmed = line.trimStart();
  if (!trimmed.startsWith('::')) return undefined;
  const end = trimmed.indexOf('::', 2);
  if (end < 0) return undefined;
  const info = trimmed.slice(2, end);
  const space = info.indexOf(' ');
  const command = space < 0 ? info : info.slice(0, space);
  const properties: Record<string, string> = {};
  if (space > 0) {
    for (const pair of info.slice(space + 1).split(',')) {
      const equals = pair.indexOf('=');
      if (equals > 0) properties[pair.slice(0, equals)] = unescapeProperty(pair.slice(equals + 1));
    }
  }
  return { command, properties, data: unescapeData(trimmed.slice(end + 2)) };
}

/**
 * Reads `--reporter github` output as the runner does: the first line pauses commands with a random token, nothing
 * runs as a command until the line that resumes them, and every line after it is an annotation. Also checks the
 * stderr of the same run: with both streams read in any order, no line there may be read as a command at all
 * (`::` at the start of a line after blanks, or the older `##[` form anywhere).
 */
export function readGithubOutput(stdout: string, stderr: string): { token: string; annotations: WorkflowCommand[] } {
  const lines = stdout.split('\n').slice(0, stdout.endsWith('\n') ? -1 : undefined);
  const pause = workflowCommandOf(lines[0] ?? '');
  assert.equal(pause?.command, 'stop-commands', `the first line pauses commands: ${lines[0]}`);
  const token = pause.data;
  assert.match(token, /^[0-9a-f]{32}$/, 'a random token');
  const resume = lines.findIndex((line) => workflowCommandOf(line)?.command === token);
  assert.ok(resume > 0, 'commands resume');
  const annotations = lines.slice(resume + 1).map((line) => {
    const command = workflowCommandOf(line);
    assert.ok(command && ['error', 'warning', 'notice'].includes(command.command), `an annotation: ${line}`);
    assert.ok(command.properties.file, `the annotation names its file: ${line}`);
    return command;
  });
  for (const line of stderr.split('\n')) {
    assert.equal(workflowCommandOf(line), undefined, `a workflow command on stderr: ${line}`);
    assert.ok(!line.includes('##['), `an old-style workflow command on stderr: ${line}`);
  }
  return { token, annotations };
}
