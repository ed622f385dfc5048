// The readable text of an HTML page (error pages, the database manager's answers), for messages.

const ENTITIES: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', '#39': "'" };

/**
 * Strips scripts, styles and tags and collapses white space. Good enough to quote a server's sentence in an error;
 * never used to render anything.
 */
export function textOfHtml(html: string): string {
  return html
    .replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, ' ')
    .replace(/<!--[\s\S]*?-->/g, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+\d*);/gi, (whole, entity: string) => decodeEntity(entity) ?? whole)
    .replace(/\s+/g, ' ')
    .trim();
}

function decodeEntity(entity: string): string | undefined {
  const lower = entity.toLowerCase();
  if (lower in ENTITIES) return ENTITIES[lower];
  const code = lower.startsWith('#x') ? parseInt(lower.slice(2), 16) : lower.startsWith('#') ? parseInt(lower.slice(1), 10) : NaN;
  return Number.isInteger(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : undefined;
}
