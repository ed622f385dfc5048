// Names and values of a hostile server written into a request file by completion and quick fixes: each stays one
// JSON value (no breaking out of its string), never becomes a placeholder, and never expands as snippet syntax; names
// that could only add text to the request line are not offered. Answers replayed to a real schema service.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { parse } from 'jsonc-parser';
import { Json2Error } from '../../../src/core/client/clientErrors';
import { completeAt, diagnoseFile, explainOperator, ServiceSchemaSource } from '../../../src/core/language';
import { argumentSnippet } from '../../../src/core/language/argumentSnippets';
import { parseRequestFile } from '../../../src/core/requestFile';
import type { SchemaBackend } from '../../../src/core/schema/schemaService';
import { SchemaService } from '../../../src/core/schema/schemaService';
import { MemorySchemaStorage } from '../../../src/core/schema/schemaStorage';
import { cursorIn } from './recordedSchema';

const BREAK_OUT = 'x"]], "evil": ["';
const PLACEHOLDER = '{{$processEnv HOME}}';
const SNIPPET = '$CLIPBOARD${TM_FILENAME}\\';
const REQUEST_LINE = 'res.partner/unlink\nX-Evil: 1';

const FIELDS = {
  name: { type: 'char', string: 'Name' },
  is_company: { type: 'boolean', string: 'Is a Company' },
  'is_company"': { type: 'boolean', string: 'Quoted' },
  [BREAK_OUT]: { type: 'char', string: 'Break out' },
  [PLACEHOLDER]: { type: 'integer', string: 'Placeholder' },
  [SNIPPET]: { type: 'integer', string: 'Snippet' },
  kind: {
    type: 'selection',
    string: 'Kind',
    selection: [
      [BREAK_OUT, 'a'],
      [PLACEHOLDER, 'b'],
    ],
  },
  parent_id: { type: 'many2one', string: 'Parent', relation: 'res.partner' },
};

/** A server whose names are hostile: fields_get, ir.model and name_search answers (documents refused). */
class HostileBackend implements SchemaBackend {
  getDocument(path: string): ReturnType<SchemaBackend['getDocument']> {
    return Promise.reject(new Json2Error({ status: 403, kind: 'access', message: 'forbidden', target: path }));
  }

  call<T>(model: string, method: string): Promise<T> {
    if (model === 'ir.model')
      return Promise.resolve([
        { model: 'res.partner', name: 'Contact', state: 'base' },
        { model: REQUEST_LINE, name: 'Evil', state: 'manual' },
        { model: 'res.{{x}}', name: 'Braces', state: 'manual' },
      ] as T);
    if (method === 'fields_get' && model === 'res.partner') return Promise.resolve(FIELDS as T);
    if (method === 'name_search')
      return Promise.resolve([
        [7, PLACEHOLDER],
        [8, BREAK_OUT],
      ] as T);
    return Promise.reject(new Json2Error({ status: 404, kind: 'notFound', message: `no model ${model}`, target: model }));
  }
}

function hostileSource(): ServiceSchemaSource {
  const backend = new HostileBackend();
  return new ServiceSchemaSource(
    new SchemaService({ backend, connectionId: 'hostile', database: 'demo', storage: new MemorySchemaStorage() }),
    backend,
  );
}

/** The file once the item labelled `label` is inserted (a plain text item; snippets are checked apart). */
async function insert(marked: string, label: string): Promise<string> {
  const { text, offset } = cursorIn(marked);
  const answer = await completeAt(parseRequestFile(text), offset, hostileSource());
  const item = answer.items.find((candidate) => candidate.label === label);
  assert.ok(item, `${label} among ${answer.items.map((candidate) => candidate.label).join(' | ')}`);
  assert.ok(!item.snippet, 'a plain text item');
  return text.slice(0, item.range.startOffset) + (item.insertText ?? item.label) + text.slice(item.range.endOffset);
}

/** The body of the file's only request, as JSON, after checking it holds no placeholder. */
function bodyOf(text: string): unknown {
  const [request] = parseRequestFile(text).requests;
  assert.ok(request?.body, text);
  assert.deepEqual(request.body.placeholders, [], `no placeholder in ${request.body.text}`);
  return parse(request.body.text);
}

/** The `$` tab stops, choices and variables a snippet holds (escaped characters skipped, as the editor reads them). */
function snippetMarkers(snippet: string): string[] {
  const markers: string[] = [];
  for (let index = 0; index < snippet.length; index++) {
    if (snippet[index] === '\\') index++;
    else if (snippet[index] === '$') markers.push(/^\$(\d+|\{\d+[|:]?|[A-Z_]+|\{[A-Z_]+)/.exec(snippet.slice(index))?.[0] ?? '$');
  }
  return markers;
}

/** The text a snippet inserts around its tab stops (`$0` dropped, escapes resolved). */
function snippetLiteral(snippet: string): string {
  return snippet.replace(/\\(.)|\$0/g, (_, escaped: string | undefined) => escaped ?? '');
}

describe('hostile names and values inserted by completion', () => {
  test('a field name inside a domain string stays that string: no breaking out, no placeholder', async () => {
    assert.deepEqual(bodyOf(await insert('POST res.partner/search\n{"domain": [["‸", "=", 1]]}', BREAK_OUT)), {
      domain: [[BREAK_OUT, '=', 1]],
    });
    assert.deepEqual(bodyOf(await insert('POST res.partner/search\n{"domain": [["‸", "=", 1]]}', PLACEHOLDER)), {
      domain: [[PLACEHOLDER, '=', 1]],
    });
    assert.deepEqual(bodyOf(await insert('POST res.partner/search_read\n{"fields": [‸]}', PLACEHOLDER)), { fields: [PLACEHOLDER] });
  });

  test('selection values and record names inside strings, and outside them', async () => {
    assert.deepEqual(bodyOf(await insert('POST res.partner/search\n{"domain": [["kind", "=", "‸"]]}', BREAK_OUT)), {
      domain: [['kind', '=', BREAK_OUT]],
    });
    assert.deepEqual(bodyOf(await insert('POST res.partner/search\n{"domain": [["kind", "=", ‸]]}', PLACEHOLDER)), {
      domain: [['kind', '=', PLACEHOLDER]],
    });
    assert.deepEqual(bodyOf(await insert('POST res.partner/search\n{"domain": [["parent_id", "=", "‸"]]}', PLACEHOLDER)), {
      domain: [['parent_id', '=', PLACEHOLDER]],
    });
  });

  test('snippets (vals keys, aggregates) hold no tab stop or variable from a name', async () => {
    for (const [marked, expected] of [
      ['POST res.partner/create\n{"vals_list": [{‸}]}', ['$0']],
      ['POST res.partner/formatted_read_group\n{"aggregates": [‸]}', ['${1|']],
    ] as const) {
      const { text, offset } = cursorIn(marked);
      const answer = await completeAt(parseRequestFile(text), offset, hostileSource());
      const item = answer.items.find((candidate) => candidate.label === SNIPPET);
      assert.ok(item?.snippet, `${SNIPPET} as a snippet`);
      assert.deepEqual(snippetMarkers(item.insertText ?? ''), expected, item.insertText);
      if (expected[0] === '$0')
        assert.equal(snippetLiteral(item.insertText ?? ''), `${JSON.stringify(SNIPPET)}: `, 'the key is the name, JSON-escaped');
    }
  });

  test('models whose names would add lines or placeholders to the request line are not offered', async () => {
    const { text, offset } = cursorIn('POST ‸');
    const answer = await completeAt(parseRequestFile(text), offset, hostileSource());
    assert.deepEqual(
      answer.items.map((item) => item.label),
      ['res.partner'],
    );
  });
});

describe('hostile argument names', () => {
  test('a parameter named like a built-in property (constructor, toString, __proto__) gets an empty placeholder, not JavaScript', () => {
    for (const name of ['constructor', 'toString', '__proto__', 'hasOwnProperty']) assert.equal(argumentSnippet(name), '$0', name);
    assert.equal(argumentSnippet('limit'), '${1:80}');
  });

  test("an operator written as a built-in property's name is an unknown operator, explained by nothing", async () => {
    for (const operator of ['constructor', 'toString', '__proto__']) {
      assert.equal(explainOperator(operator), undefined, operator);
      const text = `POST res.partner/search\n{"domain": [["name", "${operator}", "a"]]}`;
      const warnings = await diagnoseFile(parseRequestFile(text), hostileSource());
      assert.deepEqual(
        warnings.map((warning) => warning.message),
        [`"${operator}" is not a domain operator.`],
        operator,
      );
    }
  });
});

describe('hostile names in quick fixes', () => {
  test('a misspelt field is offered technical names only', async () => {
    const text = 'POST res.partner/search\n{"domain": [["is_compan", "=", true]]}';
    const [warning] = await diagnoseFile(parseRequestFile(text), hostileSource());
    assert.equal(warning?.code, 'unknown-field');
    assert.deepEqual(warning.suggestions, ['is_company']);
  });
});
