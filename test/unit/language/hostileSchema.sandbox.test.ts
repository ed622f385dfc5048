// A hostile server's labels, help and selection labels (made real through ir.model and ir.model.fields on the sandbox)
// reach hover and completion documentation as text only: the Markdown, read with VS Code's parser, holds no link,
// image or HTML, and shows each text exactly.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { Json2Client } from '../../../src/core/client/json2Client';
import { completeAt, hoverAt, ServiceSchemaSource } from '../../../src/core/language';
import { methodMarkdown } from '../../../src/core/language/argumentSnippets';
import { parseRequestFile } from '../../../src/core/requestFile';
import { SchemaService } from '../../../src/core/schema/schemaService';
import { MemorySchemaStorage } from '../../../src/core/schema/schemaStorage';
import { startSandbox, type StartedSandbox } from '../../../src/sandbox/testApi';
import { ACTIVE_KINDS, kindsOutside, renderMarkdown, TEXT_KINDS } from '../../support/markdownInspection';
import { cursorIn } from './recordedSchema';

/** What a hostile administrator (or a hostile server) puts in the schema. */
export const HOSTILE = {
  modelLabel: 'Evil [quit](command:workbench.action.quit) <img src=x onerror=alert(1)>',
  fieldLabel: 'Colour [site](https://evil.example/a) ![t](https://evil.example/t.png) **loud**',
  help: '# Heading\n<script>alert(1)</script>\n> [run](command:workbench.action.terminal.new) <https://evil.example/b>\n\n    www.evil.example `code` | a | b |\n1. someone@evil.example',
  selectionLabel: '[pick](command:workbench.action.quit) ![p](https://evil.example/p.png)',
} as const;

/** The kinds the language features' own Markdown uses around server text. */
const LANGUAGE_KINDS = new Set([...TEXT_KINDS, 'strong', 'codespan', 'list', 'list_item']);

function assertInert(markdown: string | undefined, texts: readonly string[]): void {
  assert.ok(markdown, 'some Markdown');
  const rendered = renderMarkdown(markdown);
  assert.deepEqual(kindsOutside(rendered, LANGUAGE_KINDS), [], markdown);
  assert.deepEqual([...rendered.kinds].filter((kind) => ACTIVE_KINDS.has(kind)), [], markdown);
  assert.doesNotMatch(rendered.html, /<(a|img|script|h\d|blockquote|table|pre)\b/, rendered.html);
  const visible = rendered.text.replace(/\s+/g, ' ');
  for (const text of texts) assert.ok(visible.includes(text.replace(/\s+/g, ' ').trim()), `${JSON.stringify(text)} shown as text in ${JSON.stringify(rendered.text)}`);
}

describe('hostile schema texts from the sandbox stay text in hover and completion', () => {
  let sandbox: StartedSandbox;
  let client: Json2Client;
  let source: ServiceSchemaSource;

  before(async () => {
    sandbox = await startSandbox();
    client = new Json2Client({ baseUrl: sandbox.url, apiKey: sandbox.keys.admin, database: sandbox.database });
    await client.call('ir.model', 'create', { vals_list: [{ model: 'x_hostile', name: HOSTILE.modelLabel, state: 'manual' }] });
    const [model] = await client.call<Array<{ id: number }>>('ir.model', 'search_read', { domain: [['model', '=', 'x_hostile']], fields: ['id'] });
    await client.call('ir.model.fields', 'create', {
      vals_list: [
        { name: 'x_colour', model_id: model.id, ttype: 'char', field_description: HOSTILE.fieldLabel, help: HOSTILE.help, state: 'manual' },
        { name: 'x_kind', model_id: model.id, ttype: 'selection', field_description: 'Kind', selection: [['plain', HOSTILE.selectionLabel]], state: 'manual' },
      ],
    });
    const schema = new SchemaService({ backend: client, connectionId: `hostile\u0000${sandbox.url}`, database: sandbox.database, storage: new MemorySchemaStorage() });
    source = new ServiceSchemaSource(schema, client);
  });
  after(async () => {
    await client?.close();
    await sandbox?.stop();
  });

  async function hover(marked: string): Promise<string | undefined> {
    const { text, offset } = cursorIn(marked);
    return (await hoverAt(parseRequestFile(text), offset, source))?.contents;
  }

  test('the sandbox serves the texts as they were written', async () => {
    const fields = await source.fields('x_hostile');
    assert.equal(fields?.x_colour.string, HOSTILE.fieldLabel);
    assert.equal(fields?.x_colour.help, HOSTILE.help);
    assert.deepEqual(fields?.x_kind.selection, [['plain', HOSTILE.selectionLabel]]);
  });

  test('hover on the model, on a field, on a selection field', async () => {
    assertInert(await hover('POST x_hos‸tile/search_read\n{}'), [HOSTILE.modelLabel]);
    assertInert(await hover('POST x_hostile/search_read\n{"domain": [["x_col‸our", "=", "a"]]}'), [HOSTILE.fieldLabel, '# Heading', '<script>alert(1)</script>', 'www.evil.example `code` | a | b |']);
    assertInert(await hover('POST x_hostile/search_read\n{"fields": ["x_ki‸nd"]}'), [HOSTILE.selectionLabel]);
  });

  test('completion: the fields\' documentation; label and selection label as plain-text details, unchanged', async () => {
    const { text, offset } = cursorIn('POST x_hostile/search_read\n{"fields": ["‸"]}');
    const answer = await completeAt(parseRequestFile(text), offset, source);
    const colour = answer.items.find((item) => item.label === 'x_colour');
    assertInert(colour?.documentation, [HOSTILE.fieldLabel, '<script>alert(1)</script>']);
    assert.ok(colour?.detail?.startsWith(HOSTILE.fieldLabel), 'the detail is plain text in the editor: shown as is');
    assertInert(answer.items.find((item) => item.label === 'x_kind')?.documentation, [HOSTILE.selectionLabel]);
    const values = cursorIn('POST x_hostile/search_read\n{"domain": [["x_kind", "=", "‸"]]}');
    const kinds = await completeAt(parseRequestFile(values.text), values.offset, source);
    assert.equal(kinds.items.find((item) => item.label === 'plain')?.detail, HOSTILE.selectionLabel);
  });

  test('a method\'s documentation and its parameters\' (from a server\'s model document)', () => {
    const markdown = methodMarkdown('x_hostile', {
      name: 'action_[x](command:y)', level: 'records', returns: 'dict`<b>`',
      doc: HOSTILE.help, parameters: [{ name: 'mode`', required: true, doc: HOSTILE.selectionLabel }],
    });
    assertInert(markdown, ['<script>alert(1)</script>', HOSTILE.selectionLabel]);
    assert.deepEqual(renderMarkdown(markdown).codeSpans, ['x_hostile.action_[x](command:y)(mode`) → dict`<b>`', 'ids', 'mode`']);
  });
});
