// When the editor offers to regenerate a generated types file: its header names the refreshed server and database,
// `checkTypes` finds differences, and this change of this file was not offered before (once per change per file).
import type { GeneratedOrigin } from './generatedHeader';

/** A refreshed schema: a connection's server, and the database ('' for the server's default; undefined: all of them). */
export interface RefreshedSchema {
  readonly server: string;
  readonly database: string | undefined;
}

const withoutSlash = (url: string): string => url.replace(/\/+$/, '');

/** Whether a file whose header names `origin` describes a schema that was refreshed. */
export function describesRefreshed(origin: GeneratedOrigin, refreshed: RefreshedSchema): boolean {
  if (withoutSlash(origin.server) !== withoutSlash(refreshed.server)) return false;
  return refreshed.database === undefined || (origin.database ?? '') === refreshed.database;
}

/** Where the offers already made are kept (the editor: workspace state), file → the change offered. */
export interface OfferMemoryPort {
  get(): Readonly<Record<string, string>>;
  set(offers: Readonly<Record<string, string>>): Thenable<void> | Promise<void> | void;
}

/** Remembers, per file, the last change offered, so that the same change is not offered twice. */
export class RegenerationOffers {
  constructor(private readonly memory: OfferMemoryPort) {}

  /** Whether to offer for `file` with these differences (none: never); when so, it is remembered as offered. */
  async shouldOffer(file: string, differences: readonly string[]): Promise<boolean> {
    if (differences.length === 0) return false;
    const change = [...differences].sort().join('\n');
    const offered = this.memory.get();
    if (offered[file] === change) return false;
    await this.memory.set({ ...offered, [file]: change });
    return true;
  }

  /** Forgets a file's offer (after it was regenerated, a later change of the same kind is offered again). */
  async forget(file: string): Promise<void> {
    const { [file]: _gone, ...rest } = this.memory.get();
    await this.memory.set(rest);
  }
}
