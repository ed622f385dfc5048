// Values assigned to names along a file, read back as they stand at a given offset (the last assignment before it).

export class Assignments<T> {
  private readonly byName = new Map<string, { at: number; value: T }[]>();

  set(name: string, at: number, value: T): void {
    const list = this.byName.get(name) ?? [];
    list.push({ at, value });
    this.byName.set(name, list);
  }

  /** The value of the last assignment to `name` before `offset`, or, when there is none before it, the first one after. */
  get(name: string, offset: number): T | undefined {
    const list = this.byName.get(name);
    if (!list) return undefined;
    let found = list[0];
    for (const entry of list) if (entry.at < offset) found = entry;
    return found.value;
  }
}
