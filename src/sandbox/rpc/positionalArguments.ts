// Maps an object-service call (positional args plus keywords) onto a JSON-2 call: ids from the first positional
// argument of a records-level method, the other positional arguments onto the method's parameters in order,
// `context` only from the keywords.
import { typeError } from '../errors/serviceErrors';
import { parseContext, parseIds } from '../methods/argumentBinding';
import type { MethodDefinition } from '../orm/methodDefinition';

export interface MappedCall {
  ids: number[];
  named: Record<string, unknown>;
  context: Record<string, unknown> | undefined;
}

export function mapPositional(
  modelName: string,
  method: MethodDefinition | undefined,
  args: unknown[],
  kw: Record<string, unknown>,
): MappedCall {
  const named: Record<string, unknown> = { ...kw };
  // XML-RPC clients of PHP send an empty mapping as an empty array; the server takes an empty context as none.
  const context = parseContext(Array.isArray(named.context) && named.context.length === 0 ? undefined : named.context);
  delete named.context;
  if (!method) return { ids: [], named, context };
  let positional = args;
  let ids: number[] = [];
  if (method.level === 'records') {
    if (args.length === 0) throw typeError(`${modelName}.${method.name}() missing 1 required positional argument: 'ids'`);
    ids = parseIds(args[0]);
    positional = args.slice(1);
  }
  if (positional.length > method.parameters.length) {
    throw typeError(
      `${modelName}.${method.name}() takes ${method.parameters.length} positional arguments but ${positional.length} were given`,
    );
  }
  positional.forEach((value, index) => {
    const name = method.parameters[index].name;
    if (Object.hasOwn(named, name)) throw typeError(`${modelName}.${method.name}() got multiple values for argument '${name}'`);
    named[name] = value;
  });
  return { ids, named, context };
}
