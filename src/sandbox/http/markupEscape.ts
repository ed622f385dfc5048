// Text written into the sandbox's XML-RPC answers and HTML pages as itself: the sandbox's one escaper.

/** Element text: `&`, `<` and `>` as entity references (all that Python's xmlrpc.client escapes in a string). */
export function escapeMarkupText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** HTML element content and attribute values (double- or single-quoted), as the reference server's pages escape them. */
export function escapeHtml(text: string): string {
  return escapeMarkupText(text).replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}
