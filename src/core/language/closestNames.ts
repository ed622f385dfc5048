// The names closest to a misspelt one, for quick fixes: edit distance, with prefixes and containment favoured.

function distance(a: string, b: string): number {
  const previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    let diagonal = previous[0];
    previous[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const above = previous[j];
      previous[j] = Math.min(previous[j] + 1, previous[j - 1] + 1, diagonal + (a[i - 1] === b[j - 1] ? 0 : 1));
      diagonal = above;
    }
  }
  return previous[b.length];
}

/** Up to `limit` candidates near `name`, closest first; none when nothing is reasonably close. */
export function closestNames(name: string, candidates: Iterable<string>, limit = 3): string[] {
  const wanted = name.toLowerCase();
  const scored: Array<{ candidate: string; score: number }> = [];
  for (const candidate of candidates) {
    const lower = candidate.toLowerCase();
    let score = distance(wanted, lower);
    if (wanted.length >= 3 && (lower.startsWith(wanted) || lower.includes(wanted))) score = Math.min(score, 1);
    const allowed = Math.max(2, Math.floor(Math.max(wanted.length, 1) / 3));
    if (score <= allowed) scored.push({ candidate, score });
  }
  scored.sort((a, b) => a.score - b.score || a.candidate.localeCompare(b.candidate));
  return scored.slice(0, limit).map((entry) => entry.candidate);
}
