// Which named requests a request needs (directly or through file variables), in which order to run them, and loops.
import { errorAt, type Diagnostic } from './diagnostics';
import type { PlaceholderNode } from './placeholderTypes';
import type { RequestFile, RequestNode, VariableNode } from './requestFileTypes';

/** A request's use of another request's response: the name and the placeholder in the request that leads to it. */
export interface RequestReference {
  readonly requestName: string;
  readonly placeholder: PlaceholderNode;
}

type FileParts = Pick<RequestFile, 'requests' | 'variables' | 'fileMeta'>;

/** Names of requests each file variable leads to (through other variables too), computed once per file. */
class VariableReach {
  private readonly definitions = new Map<string, VariableNode>();
  private readonly reach = new Map<string, readonly string[]>();

  constructor(variables: readonly VariableNode[]) {
    for (const variable of variables) this.definitions.set(variable.name.text, variable);
  }

  /** The request names a variable's value refers to, directly or through other variables. */
  requestsOf(name: string): readonly string[] {
    const known = this.reach.get(name);
    if (known) return known;
    // Depth-first without recursion: long chains of variables must not exhaust the stack.
    const stack: { name: string; expanded: boolean }[] = [{ name, expanded: false }];
    const inProgress = new Set<string>();
    while (stack.length > 0) {
      const top = stack[stack.length - 1];
      const definition = this.definitions.get(top.name);
      if (this.reach.has(top.name) || !definition) {
        if (!definition) this.reach.set(top.name, []);
        stack.pop();
        continue;
      }
      if (!top.expanded) {
        top.expanded = true;
        inProgress.add(top.name);
        for (const placeholder of definition.placeholders) {
          const expression = placeholder.expression;
          if (expression.kind === 'variable' && !this.reach.has(expression.name.text) && !inProgress.has(expression.name.text))
            stack.push({ name: expression.name.text, expanded: false });
        }
        continue;
      }
      const names = new Set<string>();
      for (const placeholder of definition.placeholders) {
        const expression = placeholder.expression;
        if (expression.kind === 'response') names.add(expression.requestName.text);
        else if (expression.kind === 'variable') for (const reached of this.reach.get(expression.name.text) ?? []) names.add(reached);
      }
      this.reach.set(top.name, [...names]);
      inProgress.delete(top.name);
      stack.pop();
    }
    return this.reach.get(name) ?? [];
  }
}

function promptedNames(file: FileParts, request: RequestNode): Set<string> {
  return new Set([...file.fileMeta.prompts, ...request.prompts].map((prompt) => prompt.name.text));
}

function referencesWith(file: FileParts, request: RequestNode, reach: VariableReach): RequestReference[] {
  const prompted = promptedNames(file, request);
  const found = new Map<string, RequestReference>();
  for (const placeholder of request.placeholders) {
    const expression = placeholder.expression;
    if (expression.kind === 'response') {
      if (!found.has(expression.requestName.text))
        found.set(expression.requestName.text, { requestName: expression.requestName.text, placeholder });
    } else if (expression.kind === 'variable' && !prompted.has(expression.name.text)) {
      for (const name of reach.requestsOf(expression.name.text)) if (!found.has(name)) found.set(name, { requestName: name, placeholder });
    }
  }
  return [...found.values()];
}

/** The named requests whose responses a request uses, directly or through file variables (each name once). */
export function requestReferences(file: FileParts, requestIndex: number): RequestReference[] {
  const request = file.requests[requestIndex];
  return request ? referencesWith(file, request, new VariableReach(file.variables)) : [];
}

function requestsByName(file: FileParts): Map<string, number> {
  const byName = new Map<string, number>();
  for (const request of file.requests) if (request.name && !byName.has(request.name.text)) byName.set(request.name.text, request.index);
  return byName;
}

/** The loop's names for a message; long loops are shortened so that reporting stays cheap. */
function cycleMessage(file: FileParts, path: readonly number[], closing: number): string {
  const label = (index: number) => file.requests[index].name?.text ?? `#${index + 1}`;
  let start = path.length - 1;
  while (start > 0 && path[start] !== closing && path.length - start < 8) start--;
  const names = path.slice(start).map(label);
  const shortened = path[start] === closing ? names : [label(closing), '…', ...names];
  return `These requests need each other's responses: ${[...shortened, label(closing)].join(' → ')}`;
}

/**
 * The requests to run, in order, so that `requestIndex` can run: every named request it needs (transitively)
 * before the requests that need it, and `requestIndex` itself last. Callers may skip the ones whose responses
 * they already hold. Loops and references to names no request carries are reported and left out.
 */
export function dependencyOrder(file: FileParts, requestIndex: number): { order: number[]; diagnostics: Diagnostic[] } {
  const diagnostics: Diagnostic[] = [];
  if (!file.requests[requestIndex]) return { order: [], diagnostics };
  const byName = requestsByName(file);
  const reach = new VariableReach(file.variables);
  const order: number[] = [];
  const state = new Map<number, 'active' | 'done'>();
  const path: number[] = [];
  const stack: { index: number; edges?: RequestReference[]; next: number }[] = [{ index: requestIndex, next: 0 }];
  state.set(requestIndex, 'active');
  path.push(requestIndex);
  while (stack.length > 0) {
    const frame = stack[stack.length - 1];
    frame.edges ??= referencesWith(file, file.requests[frame.index], reach);
    if (frame.next >= frame.edges.length) {
      state.set(frame.index, 'done');
      order.push(frame.index);
      stack.pop();
      path.pop();
      continue;
    }
    const edge = frame.edges[frame.next++];
    const target = byName.get(edge.requestName);
    if (target === undefined) {
      diagnostics.push(errorAt(edge.placeholder.range, 'unknown-request', `No request of this file is named ${edge.requestName}`));
    } else if (state.get(target) === 'active') {
      diagnostics.push(errorAt(edge.placeholder.range, 'dependency-cycle', cycleMessage(file, path, target)));
    } else if (state.get(target) === undefined) {
      state.set(target, 'active');
      path.push(target);
      stack.push({ index: target, next: 0 });
    }
  }
  return { order, diagnostics };
}

/** Every loop of requests that need each other's responses, each reported once on the placeholder closing it. */
export function dependencyCycles(file: FileParts): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  const byName = requestsByName(file);
  const reach = new VariableReach(file.variables);
  const state = new Map<number, 'active' | 'done'>();
  for (const root of file.requests) {
    if (state.has(root.index)) continue;
    const path: number[] = [root.index];
    const stack: { index: number; edges: RequestReference[]; next: number }[] = [
      { index: root.index, edges: referencesWith(file, root, reach), next: 0 },
    ];
    state.set(root.index, 'active');
    while (stack.length > 0) {
      const frame = stack[stack.length - 1];
      if (frame.next >= frame.edges.length) {
        state.set(frame.index, 'done');
        stack.pop();
        path.pop();
        continue;
      }
      const edge = frame.edges[frame.next++];
      const target = byName.get(edge.requestName);
      if (target === undefined) continue;
      if (state.get(target) === 'active')
        diagnostics.push(errorAt(edge.placeholder.range, 'dependency-cycle', cycleMessage(file, path, target)));
      else if (!state.has(target)) {
        state.set(target, 'active');
        path.push(target);
        stack.push({ index: target, edges: referencesWith(file, file.requests[target], reach), next: 0 });
      }
    }
  }
  return diagnostics;
}
