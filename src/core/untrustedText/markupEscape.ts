// Text written into XML or HTML as itself: the client side's one escaper (the sandbox has its own, it never imports core).

/** Element text: `&`, `<` and `>` as entity references (`>` too, so `]]>` never appears). */
export function escapeMarkupText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** A double-quoted attribute value: element text's escapes and `"` as `&quot;`. */
export function escapeMarkupAttribute(text: string): string {
  return escapeMarkupText(text).replace(/"/g, '&quot;');
}
