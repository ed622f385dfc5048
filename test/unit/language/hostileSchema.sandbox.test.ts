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
import { assertRendersAsText as assertInert, createHostileSchema, HOSTILE } from '../../support/hostileSchema';
import { renderMarkdown } from '../../support/markdownInspection';
import { cursorIn } from './recordedSchema';

describe('hostile schema texts from the sandbox stay text in hover and completion', () => {
  let sandbox: StartedSandbox;
  let client: Json2Client;
  let source: ServiceSchemaSource;

  before(async () => {
    sandbox = await startSandbox();
    client = new Json2Client({ baseUrl: sandbox.url, apiKey: sandbox.keys.admin, database: sandbox.database });
    await createHostileSchema((model, method, args) => client.call(model, method, args));
    const schema = new SchemaService({
      backend: client,
      connectionId: `hostile\u0000${sandbox.url}`,
      database: sandbox.database,
      storage: new MemorySchemaStorage(),
    });
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
    assertInert(await hover('POST x_hostile/search_read\n{"domain": [["x_col‸our", "=", "a"]]}'), [
      HOSTILE.fieldLabel,
      '# Heading',
      '<script>alert(1)</script>',
      'www.evil.example `code` | a | b |',
    ]);
    assertInert(await hover('POST x_hostile/search_read\n{"fields": ["x_ki‸nd"]}'), [HOSTILE.selectionLabel]);
  });

  test("completion: the fields' documentation; label and selection label as plain-text details, unchanged", async () => {
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

  test("a method's documentation and its parameters' (from a server's model document)", () => {
    const markdown = methodMarkdown('x_hostile', {
      name: 'action_[x](command:y)',
      level: 'records',
      returns: 'dict`<b>`',
      doc: HOSTILE.help,
      parameters: [{ name: 'mode`', required: true, doc: HOSTILE.selectionLabel }],
    });
    assertInert(markdown, ['<script>alert(1)</script>', HOSTILE.selectionLabel]);
    assert.deepEqual(renderMarkdown(markdown).codeSpans, ['x_hostile.action_[x](command:y)(mode`) → dict`<b>`', 'ids', 'mode`']);
  });
});
