// A write generation per database: a number that changes whenever something may have changed the database's
// contents. Whatever remembers an answer computed from a database (the answer cache) keeps it only while the
// generation it was computed at is still current.

/** True for a statement that cannot change data: a SELECT (or SHOW) that calls no sequence function and makes no table. */
export function isPlainRead(sql: string): boolean {
  const text = sql.trimStart();
  if (!/^(select|show)\b/i.test(text)) return false;
  return !/\b(nextval|setval|into|lo_\w+|pg_\w*(reload|terminate|cancel)\w*)\b/i.test(text);
}

export class WriteGenerations {
  /** One counter for every database, so that a name dropped and made again never reuses a generation. */
  #counter = 0;
  readonly #current = new Map<string, number>();

  /** `changed` hears of every new generation (the answer cache drops what it kept for that database). */
  constructor(private readonly changed: (database: string) => void = () => undefined) {}

  /** The generation of `database` now. */
  of(database: string): number {
    return this.#current.get(database) ?? 0;
  }

  /** Something may have written to `database` (or replaced it): a new generation. */
  bump(database: string): void {
    this.#counter += 1;
    this.#current.set(database, this.#counter);
    this.changed(database);
  }
}
