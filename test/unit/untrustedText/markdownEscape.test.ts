// escapeMarkdown: whatever a server sends, the Markdown renders (with marked, VS Code's parser) as that text and nothing else.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { escapeMarkdown } from '../../../src/core/untrustedText/markdownEscape';
import { kindsOutside, renderMarkdown, TEXT_KINDS } from '../../support/markdownInspection';

/** Each construct a hostile label, help or doc could try, by name. */
const HOSTILE: Readonly<Record<string, string>> = {
  link: 'see [the docs](https://evil.example/steal?x=1)',
  'link with title': '[a](https://evil.example "title")',
  'command link': '[Fix it](command:workbench.action.terminal.sendSequence?%7B%22text%22%3A%22rm%20-rf%20~%5Cn%22%7D)',
  'reference link': '[docs][1]\n\n[1]: https://evil.example',
  'collapsed reference': '[docs][]\n\n[docs]: <https://evil.example>',
  image: '![pixel](https://evil.example/track.png)',
  'image in link': '[![x](https://evil.example/a.png)](https://evil.example)',
  autolink: 'mail <https://evil.example/a> or <me@evil.example>',
  'bare URL': 'go to https://evil.example/path?q=1 now',
  'www link': 'visit www.evil.example today',
  'e-mail': 'write to someone@evil.example',
  'file link': '[open](file:///etc/passwd)',
  'html tag': 'Name <img src=x onerror="alert(1)"> <b>bold</b>',
  'html block': '<div>\n<script>alert(1)</script>\n</div>',
  'html comment': 'a <!-- hidden --> b',
  entities: '&lt;b&gt; &#x5B;x&#x5D;(https://evil.example) &amp; &copy;',
  'code span': 'use `rm -rf` here',
  'double code span': 'a ``b ` c`` d',
  'code fence': '```js\nalert(1)\n```',
  'tilde fence': '~~~\ncode\n~~~',
  'indented code': 'text\n\n    indented code line',
  emphasis: '*em* _em_ **strong** __strong__ ***both***',
  'strike-through': '~~gone~~ ~one~',
  'ATX heading': '# Heading\n## Sub',
  'setext heading': 'Title\n=====\nOther\n-----',
  quote: '> quoted\n>> nested',
  'bullet list': '- one\n+ two\n* three',
  'ordered list': '1. first\n2) second',
  'task list': '- [ ] todo\n- [x] done',
  table: '| a | b |\n|---|---|\n| [x](https://evil.example) | 2 |',
  'table without pipes': 'a | b\n--|--\nc | d',
  'thematic break': 'before\n\n---\n\n***\n\n___',
  'theme icon': '$(alert) $(loading~spin) warning',
  'hard break and backslash': 'line with two spaces  \nand a backslash\\\nend\\',
  footnote: 'text[^1]\n\n[^1]: https://evil.example',
  'math and emoji': '$x$ :smile: $$y$$',
  'line starts': '#no\n>no\n-no\n+ no\n1.no\n10) no\n=no\n|no|\n~~~no',
  'all punctuation': '!"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}~',
};

/** The visible text escapeMarkdown must keep, by layout: lines trimmed and blank runs single (block), one line (inline). */
function expectedText(text: string, layout: 'block' | 'inline'): string {
  if (layout === 'inline') return text.replace(/\s+/g, ' ').trim();
  return text
    .split(/\n\s*\n/)
    .map((paragraph) =>
      paragraph
        .split('\n')
        .map((line) => line.trim())
        .filter(Boolean)
        .join('\n'),
    )
    .filter(Boolean)
    .join('\n\n');
}

describe('escapeMarkdown', () => {
  for (const [name, text] of Object.entries(HOSTILE)) {
    test(`${name}: text only, shown exactly, as a block and inline`, () => {
      for (const layout of ['block', 'inline'] as const) {
        const rendered = renderMarkdown(escapeMarkdown(text, layout));
        assert.deepEqual(kindsOutside(rendered, TEXT_KINDS), [], `${layout}: ${escapeMarkdown(text, layout)}`);
        assert.equal(rendered.text, expectedText(text, layout), layout);
        assert.doesNotMatch(rendered.html, /<(?!\/?p>|br>)/, `${layout}: no element but paragraphs and breaks: ${rendered.html}`);
      }
    });
  }

  test('the check can fail: unescaped, each sample renders some construct or other text (icons and math excepted: marked has neither)', () => {
    for (const [name, text] of Object.entries(HOSTILE)) {
      if (name === 'theme icon' || name === 'math and emoji') continue;
      const rendered = renderMarkdown(text);
      assert.ok(kindsOutside(rendered, TEXT_KINDS).length > 0 || rendered.text !== expectedText(text, 'block'), name);
    }
    assert.ok(
      kindsOutside(renderMarkdown(HOSTILE['bare URL']), new Set(TEXT_KINDS)).includes('link'),
      'a bare URL is a link in GitHub-flavoured Markdown',
    );
  });

  test('inside other Markdown (a bold label, a list item), the escaped text ends nothing and starts nothing', () => {
    for (const text of Object.values(HOSTILE)) {
      const rendered = renderMarkdown(`**${escapeMarkdown(text, 'inline')}** \`x\`\n\n- ${escapeMarkdown(text, 'inline')}: y`);
      assert.deepEqual(kindsOutside(rendered, new Set([...TEXT_KINDS, 'strong', 'codespan', 'list', 'list_item'])), [], text);
      assert.deepEqual(rendered.codeSpans, ['x'], text);
    }
  });

  test('as a code span: one span holding the text, whatever backticks or markup it holds', () => {
    const codes = [
      ...Object.values(HOSTILE),
      'a`b',
      '`start',
      'end`',
      '``',
      ' spaced ',
      '<https://evil.example>',
      'x_partner_id',
      'res.partner.name',
    ];
    for (const text of codes) {
      const escaped = escapeMarkdown(text, 'code');
      const rendered = renderMarkdown(`see ${escaped} and \`after\``);
      assert.deepEqual(kindsOutside(rendered, new Set([...TEXT_KINDS, 'codespan'])), [], `${text} → ${escaped}`);
      assert.deepEqual(rendered.codeSpans, [text.replace(/\s+/g, ' '), 'after'], `${text} → ${escaped}`);
    }
  });

  test('a multi-line help keeps its line breaks and paragraphs; no line becomes a code block', () => {
    const help = 'First line.\n  Second line, indented.\n\n\n        Third paragraph, deeply indented.\r\nLast.';
    const escaped = escapeMarkdown(help);
    assert.equal(escaped, 'First line\\.  \nSecond line\\, indented\\.\n\nThird paragraph\\, deeply indented\\.  \nLast\\.');
    const rendered = renderMarkdown(escaped);
    assert.deepEqual(kindsOutside(rendered, TEXT_KINDS), []);
    assert.equal(rendered.text, 'First line.\nSecond line, indented.\n\nThird paragraph, deeply indented.\nLast.');
  });

  test('plain words stay as they are; empty and blank text give nothing', () => {
    assert.equal(escapeMarkdown('Is a Company'), 'Is a Company');
    assert.equal(escapeMarkdown('Société Générale — 東京'), 'Société Générale — 東京');
    assert.equal(escapeMarkdown(''), '');
    assert.equal(escapeMarkdown(' \n\t ', 'inline'), '');
    assert.equal(escapeMarkdown(' \n ', 'code'), '');
  });

  test('large hostile input stays linear and escaped (a selection value of many backtick runs)', () => {
    const value = '`a'.repeat(200_000);
    const escaped = escapeMarkdown(value, 'code');
    assert.ok(escaped.startsWith('``') && escaped.endsWith('``'));
    assert.equal(escapeMarkdown('[x](y)'.repeat(50_000)).length, '\\[x\\]\\(y\\)'.length * 50_000);
  });
});
