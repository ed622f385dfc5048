// The host-based database filter (like the reference server's dbfilter): a regular expression in which `%d` stands
// for the first label of the Host header's name and `%h` for the whole name; it selects when exactly one database
// matches it entirely.

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The only database of `names` that `filter` selects for `hostHeader`, or null. */
export function filterDatabase(filter: string, hostHeader: string | undefined, names: readonly string[]): string | null {
  if (!hostHeader) return null;
  const host = hostHeader
    .replace(/:\d+$/, '')
    .replace(/^\[|\]$/g, '')
    .toLowerCase();
  const first = host.split('.')[0];
  let pattern: RegExp;
  try {
    pattern = new RegExp(`^(?:${filter.replace(/%d/g, escapeRegExp(first)).replace(/%h/g, escapeRegExp(host))})$`);
  } catch {
    return null;
  }
  const matching = names.filter((name) => pattern.test(name));
  return matching.length === 1 ? matching[0] : null;
}
