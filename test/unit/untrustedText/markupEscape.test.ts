// The client side's XML/HTML escaper: markup characters become references, everything else stays as typed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { escapeMarkupAttribute, escapeMarkupText } from '../../../src/core/untrustedText/markupEscape';

test('element text escapes &, < and > only', () => {
  assert.equal(escapeMarkupText('<a href="x">&\'</a> ]]> &amp;'), '&lt;a href="x"&gt;&amp;\'&lt;/a&gt; ]]&gt; &amp;amp;');
  assert.equal(escapeMarkupText('tab\tline\n😀'), 'tab\tline\n😀');
});

test('an attribute value also escapes the double quote', () => {
  assert.equal(escapeMarkupAttribute('<a href="x">&\'</a>'), "&lt;a href=&quot;x&quot;&gt;&amp;'&lt;/a&gt;");
});
