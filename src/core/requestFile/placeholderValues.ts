// Computes the value of each placeholder of one request: prompts, file, connection and .env variables, system values, responses.
import { errorAt, type Diagnostic, type RelatedLocation } from './diagnostics';
import type { PlaceholderNode } from './placeholderTypes';
import type { PromptNode, RequestFile, RequestNode, VariableNode } from './requestFileTypes';
import type { ResolveContext, SecretValue } from './resolvedRequestTypes';
import { pathText, selectPath } from './responsePath';
import { looksSecret } from './secretNames';
import { computeSystemValue, type SystemValueSources } from './systemValues';
import type { LineIndex, TextRange } from './textRange';

/** A placeholder's value: text (from variables, prompts, system values) or a JSON value (from responses). */
export type PlaceholderValue = { readonly kind: 'text'; readonly text: string } | { readonly kind: 'json'; readonly value: unknown };

/** The text form of a value: a string as itself, any other JSON value as its JSON text. */
export function valueAsText(value: PlaceholderValue): string {
  if (value.kind === 'text') return value.text;
  return typeof value.value === 'string' ? value.value : (JSON.stringify(value.value) ?? 'null');
}

/** The variable definitions that have an error diagnostic on their line (both lists are in file order). */
function variablesWithErrors(file: RequestFile): Set<VariableNode> {
  const broken = new Set<VariableNode>();
  const errors = file.diagnostics.filter((diagnostic) => diagnostic.severity === 'error');
  let next = 0;
  for (const variable of file.variables) {
    while (next < errors.length && errors[next].range.startOffset < variable.range.startOffset) next++;
    if (next < errors.length && errors[next].range.startOffset <= variable.range.endOffset) broken.add(variable);
  }
  return broken;
}

/** Evaluates placeholders for one request; failures become diagnostics and an undefined value. */
export class PlaceholderValues {
  readonly diagnostics: Diagnostic[] = [];
  readonly secrets: SecretValue[] = [];
  private readonly definitions = new Map<string, VariableNode>();
  private readonly computed = new Map<string, PlaceholderValue>();
  /** The variables being computed, outermost first (a name met again here is a loop). */
  private readonly inProgress: string[] = [];
  private readonly inProgressNames = new Set<string>();
  private readonly prompts = new Map<string, PromptNode>();
  private readonly requestNames = new Set<string>();
  private readonly system: SystemValueSources;
  private readonly answers: Map<string, string>;
  private readonly broken: ReadonlySet<VariableNode>;

  constructor(
    private readonly lines: LineIndex,
    file: RequestFile,
    request: RequestNode,
    private readonly context: ResolveContext,
  ) {
    for (const variable of file.variables) this.definitions.set(variable.name.text, variable);
    this.broken = variablesWithErrors(file);
    for (const prompt of [...file.fileMeta.prompts, ...request.prompts]) this.prompts.set(prompt.name.text, prompt);
    for (const named of file.requests) if (named.name) this.requestNames.add(named.name.text);
    this.answers = context.promptAnswers ?? new Map();
    this.system = {
      now: context.now ?? (() => new Date()),
      // The global Web Crypto: node:crypto would cost every run ~10 ms to load, used or not.
      randomUuid: context.randomUuid ?? (() => globalThis.crypto.randomUUID()),
      random: context.random ?? Math.random,
      processEnv: context.processEnv ?? {},
      dotenv: context.dotenv ?? {},
    };
  }

  /** The value of a placeholder, or undefined after reporting why it has none. */
  async valueOf(placeholder: PlaceholderNode, usedAt: readonly RelatedLocation[] = []): Promise<PlaceholderValue | undefined> {
    const expression = placeholder.expression;
    const fail = (code: Diagnostic['code'], range: TextRange, message: string) => {
      this.diagnostics.push(errorAt(range, code, message, usedAt));
      return undefined;
    };
    switch (expression.kind) {
      case 'invalid':
        return undefined;
      case 'system': {
        const args = expression.args.map((arg) => arg.text);
        const computed = computeSystemValue(expression.name.text, args, this.system);
        if (!computed.ok) return fail('missing-environment-variable', placeholder.range, computed.message);
        if ((expression.name.text === 'processEnv' || expression.name.text === 'dotenv') && looksSecret(args[0]))
          this.addSecret(args[0], computed.text);
        return { kind: 'text', text: computed.text };
      }
      case 'response':
        return this.responseValue(placeholder, usedAt);
      case 'variable':
        return this.variable(expression.name.text, placeholder.range, usedAt);
    }
  }

  /** Replaces the placeholders in a stretch of text with the text of their values. */
  async substituteText(
    start: number,
    end: number,
    placeholders: readonly PlaceholderNode[],
    usedAt: readonly RelatedLocation[] = [],
  ): Promise<string | undefined> {
    const text = this.lines.text;
    const pieces: string[] = [];
    let copied = start;
    let failed = false;
    for (const placeholder of placeholders) {
      if (placeholder.range.startOffset < start || placeholder.range.endOffset > end) continue;
      const value = await this.valueOf(placeholder, usedAt);
      if (!value) failed = true;
      pieces.push(text.slice(copied, placeholder.range.startOffset), value ? valueAsText(value) : '');
      copied = placeholder.range.endOffset;
    }
    pieces.push(text.slice(copied, end));
    return failed ? undefined : pieces.join('');
  }

  private addSecret(name: string, value: string): void {
    if (value.length > 0 && !this.secrets.some((secret) => secret.value === value)) this.secrets.push({ name, value });
  }

  private async variable(name: string, range: TextRange, usedAt: readonly RelatedLocation[]): Promise<PlaceholderValue | undefined> {
    const prompt = this.prompts.get(name);
    if (prompt) return this.promptValue(prompt, range, usedAt);
    const known = this.computed.get(name);
    if (known) return known;
    const definition = this.definitions.get(name);
    if (definition) return this.fileVariable(definition, range, usedAt);
    const fromConnection =
      this.context.variables && Object.prototype.hasOwnProperty.call(this.context.variables, name)
        ? this.context.variables[name]
        : undefined;
    const fromDotenv =
      this.context.dotenv && Object.prototype.hasOwnProperty.call(this.context.dotenv, name) ? this.context.dotenv[name] : undefined;
    const found = fromConnection ?? fromDotenv;
    if (found === undefined) {
      this.diagnostics.push(
        errorAt(
          range,
          'unknown-variable',
          `Unknown variable ${name}: define it (@${name} = ...), prompt for it (# @prompt ${name}), or give it in the connection or .env`,
          usedAt,
        ),
      );
      return undefined;
    }
    const text = String(found);
    if (looksSecret(name)) this.addSecret(name, text);
    return { kind: 'text', text };
  }

  private async promptValue(
    prompt: PromptNode,
    range: TextRange,
    usedAt: readonly RelatedLocation[],
  ): Promise<PlaceholderValue | undefined> {
    const name = prompt.name.text;
    let answer = this.answers.get(name);
    if (answer === undefined) {
      answer = this.context.prompt
        ? await this.context.prompt({
            name,
            ...(prompt.description ? { description: prompt.description.text } : {}),
            secret: prompt.secret,
          })
        : undefined;
      if (answer === undefined) {
        const why = this.context.prompt ? 'was cancelled' : 'cannot be asked here (no prompt available)';
        this.diagnostics.push(errorAt(range, 'prompt-cancelled', `The prompt for ${name} ${why}`, usedAt));
        return undefined;
      }
      this.answers.set(name, answer);
    }
    if (prompt.secret) this.addSecret(name, answer);
    return { kind: 'text', text: answer };
  }

  private async fileVariable(
    definition: VariableNode,
    range: TextRange,
    usedAt: readonly RelatedLocation[],
  ): Promise<PlaceholderValue | undefined> {
    const name = definition.name.text;
    if (this.broken.has(definition)) {
      this.diagnostics.push(
        errorAt(range, 'unknown-variable', `The definition of ${name} (line ${definition.range.start.line + 1}) has errors`, usedAt),
      );
      return undefined;
    }
    if (this.inProgressNames.has(name)) {
      const loop = [...this.inProgress.slice(this.inProgress.indexOf(name)), name].join(' → ');
      this.diagnostics.push(errorAt(range, 'variable-cycle', `These variables are defined through each other: ${loop}`, usedAt));
      return undefined;
    }
    this.inProgress.push(name);
    this.inProgressNames.add(name);
    const inner = [...usedAt, { range, message: `${name} is used here` }];
    const placeholders = definition.placeholders;
    let value: PlaceholderValue | undefined;
    if (
      placeholders.length === 1 &&
      placeholders[0].range.startOffset === definition.value.range.startOffset &&
      placeholders[0].range.endOffset === definition.value.range.endOffset
    ) {
      value = await this.valueOf(placeholders[0], inner);
    } else {
      const text = await this.substituteText(definition.value.range.startOffset, definition.value.range.endOffset, placeholders, inner);
      value = text === undefined ? undefined : { kind: 'text', text };
    }
    this.inProgress.pop();
    this.inProgressNames.delete(name);
    if (value) {
      this.computed.set(name, value);
      if (looksSecret(name)) this.addSecret(name, valueAsText(value));
    }
    return value;
  }

  private responseValue(placeholder: PlaceholderNode, usedAt: readonly RelatedLocation[]): PlaceholderValue | undefined {
    const expression = placeholder.expression;
    if (expression.kind !== 'response') return undefined;
    const name = expression.requestName.text;
    const fail = (code: Diagnostic['code'], range: TextRange, message: string) => {
      this.diagnostics.push(errorAt(range, code, message, usedAt));
      return undefined;
    };
    if (!this.requestNames.has(name))
      return fail('unknown-request', expression.requestName.range, `No request of this file is named ${name}`);
    const response = this.context.responses?.get(name);
    if (!response) return fail('request-not-run', placeholder.range, `The request ${name} has not run yet: run it first`);
    if (expression.part === 'status') return { kind: 'json', value: response.status };
    if (expression.part === 'headers') {
      const step = expression.path[0];
      const wanted = step.kind === 'key' ? step.key.toLowerCase() : '';
      const key = Object.keys(response.headers).find((header) => header.toLowerCase() === wanted);
      if (key === undefined) return fail('path-not-found', step.range, `The response of ${name} has no header ${wanted}`);
      const value = response.headers[key];
      return { kind: 'text', text: typeof value === 'string' ? value : value.join(', ') };
    }
    const selection = selectPath(response.body, expression.path);
    if (!selection.found) {
      const step = expression.path[selection.stepIndex];
      return fail(
        'path-not-found',
        step.range,
        `${name}.response.body${pathText(expression.path.slice(0, selection.stepIndex + 1))}: ${selection.reason}`,
      );
    }
    return { kind: 'json', value: selection.value };
  }
}
