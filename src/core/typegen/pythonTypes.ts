// Generates the Python of a schema: per model `TypedDict`s of read and write values, a `Literal` of its field names,
// typed domain conditions, and a class of typed method stubs that call the server through a small requests client.
import { textOfHtml } from '../client/htmlText';
import type { MethodInfo } from '../schema/schemaTypes';
import { readType, writable, writeType } from './fieldTypes';
import { headerLines, type TypeGenerationOptions } from './generatedHeader';
import { pythonClientLines, pythonIdentifier } from './pythonClient';
import { pythonConditionLines, pythonConditionTypes } from './pythonConditions';
import { PythonNames, pyQuote } from './pythonRender';
import { typeOfAnnotation } from './pythonAnnotation';
import { summaryLines } from './schemaSummary';
import { commentText, typeBaseNames } from './typeNames';
import type { TypedModel, TypeSchema } from './typeSchema';

const IMPORTS = `from typing import Any, Dict, List, Literal, NewType, Tuple, TypedDict, TypeVar, Union

import requests`;

const SHARED = `_F = TypeVar('_F')
_V = TypeVar('_V')
_W = TypeVar('_W')

# A many2one value as read: the record's id and display name (a JSON list), or False when empty.
Json2Many2one = Union[Tuple[int, str], Literal[False]]

# One command of an x2many field in create and write, W being the related model's values.
Json2X2manyCommand = Union[
    Tuple[Literal[0], Literal[0], _W],
    Tuple[Literal[1], int, _W],
    Tuple[Literal[2], int],
    Tuple[Literal[3], int],
    Tuple[Literal[4], int],
    Tuple[Literal[5]],
    Tuple[Literal[6], Literal[0], List[int]],
]

# The prefix operators that join a domain's conditions.
Json2Logic = Literal['&', '|', '!']

# The context a call may carry ('lang', 'tz', 'allowed_company_ids', ...).
Json2Context = Dict[str, Any]`;

/** The Python file of a schema: the same bytes for the same schema, options and date. */
export function pythonTypes(schema: TypeSchema, options: TypeGenerationOptions, generatedAt: Date): string {
  const names = typeBaseNames(schema.models.map((typed) => typed.model));
  const blocks = [headerLines(schema, options, generatedAt, '#').join('\n'), IMPORTS, SHARED, pythonConditionTypes().join('\n')];
  for (const typed of schema.models) blocks.push(modelBlock(typed, new PythonNames(names, typed.model)));
  blocks.push(pythonClientLines().join('\n'));
  for (const typed of schema.models) blocks.push(methodsClass(typed, new PythonNames(names, typed.model)));
  blocks.push(summaryLines(schema.models, '#').join('\n'));
  return `${blocks.join('\n\n\n')}\n`;
}

function typedDict(name: string, entries: ReadonlyArray<readonly [string, string]>): string[] {
  return [`${name} = TypedDict(${pyQuote(name)}, {`, ...entries.map(([key, type]) => `    ${pyQuote(key)}: ${type},`), '}, total=False)'];
}

function modelBlock(typed: TypedModel, names: PythonNames): string {
  const base = names.base(undefined) as string;
  const included = (model: string): boolean => names.base(model) !== undefined;
  return [
    `# ${typed.model} (${commentText(typed.name, 80)})`,
    `${base}Field = Literal[`,
    ...typed.fields.map((field) => `    ${pyQuote(field.name)},`),
    ']',
    `# A ${typed.model} record as read and search_read return it (the fields asked for).`,
    ...typedDict(
      `${base}Read`,
      typed.fields.map((field) => [field.name, names.render(readType(field))]),
    ),
    `# Values ${typed.model}'s create and write take; read-only fields are left out.`,
    ...typedDict(
      `${base}Write`,
      typed.fields.filter(writable).map((field) => [field.name, names.render(writeType(field, included))]),
    ),
    ...pythonConditionLines(typed, names),
  ].join('\n');
}

function methodsClass(typed: TypedModel, names: PythonNames): string {
  const base = names.base(undefined) as string;
  const lines = [
    `class ${base}Methods:`,
    `    """The public methods of ${typed.model}, each sending its named arguments (those given) to the server."""`,
    '',
    '    def __init__(self, client: Json2Client) -> None:',
    '        self._client = client',
  ];
  for (const method of typed.methods) lines.push('', ...methodStub(typed.model, method, names));
  return lines.join('\n');
}

function methodStub(model: string, method: MethodInfo, names: PythonNames): string[] {
  const parameters = [
    ...(method.level === 'records' ? [{ name: 'ids', type: 'List[int]', required: true }] : []),
    ...method.parameters.map((parameter) => ({
      name: parameter.name,
      type: names.render(typeOfAnnotation(parameter.annotation, 'argument', parameter.name)),
      required: parameter.required,
    })),
    { name: 'context', type: 'Json2Context', required: false },
  ];
  const signature = parameters.map(
    (parameter) => `${pythonIdentifier(parameter.name)}: ${parameter.type}${parameter.required ? '' : ' = UNSET'}`,
  );
  const sent = parameters.map((parameter) => `${pyQuote(parameter.name)}: ${pythonIdentifier(parameter.name)}`);
  const result = names.render(typeOfAnnotation(method.returns, 'result'));
  const summary = method.doc === undefined ? '' : commentText(/^[^.!?]*[.!?]/.exec(textOfHtml(method.doc))?.[0] ?? textOfHtml(method.doc));
  return [
    `    def ${pythonIdentifier(method.name)}(self, *, ${signature.join(', ')}) -> ${result}:`,
    ...(summary === '' ? [] : [`        """${summary.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"""`]),
    `        answer: ${result} = self._client.call(${pyQuote(model)}, ${pyQuote(method.name)}, {${sent.join(', ')}})`,
    '        return answer',
  ];
}
