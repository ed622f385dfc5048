// A hostile schema made real on the sandbox (a custom model and fields whose label, help and selection label hold
// links, images, command links and HTML), and the check that Markdown built from it renders those texts as text only.
import assert from 'node:assert/strict';
import { ACTIVE_KINDS, kindsOutside, renderMarkdown, TEXT_KINDS } from './markdownInspection';

export const HOSTILE_MODEL = 'x_hostile';

/** What a hostile administrator (or a hostile server) puts in the schema. */
export const HOSTILE = {
  modelLabel: 'Evil [quit](command:workbench.action.quit) <img src=x onerror=alert(1)>',
  fieldLabel: 'Colour [site](https://evil.example/a) ![t](https://evil.example/t.png) **loud**',
  help: '# Heading\n<script>alert(1)</script>\n> [run](command:workbench.action.terminal.new) <https://evil.example/b>\n\n    www.evil.example `code` | a | b |\n1. someone@evil.example',
  selectionLabel: '[pick](command:workbench.action.quit) ![p](https://evil.example/p.png)',
} as const;

type Call = (model: string, method: string, args: Record<string, unknown>) => Promise<unknown>;

/**
 * Creates x_hostile (label `modelLabel`) with x_colour (char: `fieldLabel`, `help`) and x_kind (selection `plain` →
 * `selectionLabel`), readable by settings administrators (a new custom model has no access row, as on the reference).
 */
export async function createHostileSchema(call: Call): Promise<void> {
  const [system] = (await call('ir.model.data', 'search_read', {
    domain: [
      ['module', '=', 'base'],
      ['name', '=', 'group_system'],
      ['model', '=', 'res.groups'],
    ],
    fields: ['res_id'],
  })) as Array<{ res_id: number }>;
  const access = {
    name: 'administrators',
    group_id: system.res_id,
    perm_read: true,
    perm_write: true,
    perm_create: true,
    perm_unlink: true,
  };
  await call('ir.model', 'create', {
    vals_list: [{ model: HOSTILE_MODEL, name: HOSTILE.modelLabel, state: 'manual', access_ids: [[0, 0, access]] }],
  });
  const [model] = (await call('ir.model', 'search_read', { domain: [['model', '=', HOSTILE_MODEL]], fields: ['id'] })) as Array<{
    id: number;
  }>;
  await call('ir.model.fields', 'create', {
    vals_list: [
      { name: 'x_colour', model_id: model.id, ttype: 'char', field_description: HOSTILE.fieldLabel, help: HOSTILE.help, state: 'manual' },
      {
        name: 'x_kind',
        model_id: model.id,
        ttype: 'selection',
        field_description: 'Kind',
        selection: [['plain', HOSTILE.selectionLabel]],
        state: 'manual',
      },
    ],
  });
}

/** The kinds the extension's own Markdown uses around server text (bold labels, an italic note, code spans, lists). */
const OWN_KINDS: ReadonlySet<string> = new Set([...TEXT_KINDS, 'strong', 'em', 'codespan', 'list', 'list_item']);

/** The Markdown renders nothing active (no link, image or HTML) and shows each of `texts` as text. */
export function assertRendersAsText(markdown: string | undefined, texts: readonly string[]): void {
  assert.ok(markdown, 'some Markdown');
  const rendered = renderMarkdown(markdown);
  assert.deepEqual(kindsOutside(rendered, OWN_KINDS), [], markdown);
  assert.deepEqual(
    [...rendered.kinds].filter((kind) => ACTIVE_KINDS.has(kind)),
    [],
    markdown,
  );
  assert.doesNotMatch(rendered.html, /<(a|img|script|h\d|blockquote|table|pre)\b/, rendered.html);
  const visible = rendered.text.replace(/\s+/g, ' ');
  for (const text of texts)
    assert.ok(
      visible.includes(text.replace(/\s+/g, ' ').trim()),
      `${JSON.stringify(text)} shown as text in ${JSON.stringify(rendered.text)}`,
    );
}
