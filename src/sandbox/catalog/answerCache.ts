// Remembers the JSON answers of read-only JSON-2 calls, per database, for as long as the database's write generation
// has not moved: the same call by the same user with the same body then costs no database work at all. Bounded in
// bytes, least recently used first out.
import type { MethodDefinition } from '../orm/methodDefinition';
import { fields_get } from '../methods/fieldsGet';
import { formatted_read_group, read_group } from '../methods/groupMethods';
import { check_access, has_access } from '../methods/accessMethods';
import { read } from '../methods/recordMethods';
import { name_search, search, search_count, search_fetch, search_read } from '../methods/searchMethods';
import { get_metadata } from '../methods/recordMetadata';
import { web_read, web_search_read } from '../methods/webMethods';
import { web_read_group } from '../methods/webReadGroup';
import type { CurrentUser } from '../orm/access/currentUser';
import { WriteGenerations } from '../storage/writeGenerations';

/**
 * The generic methods whose answer depends only on the database, the user, the model and the body. A model's own
 * method of the same name is not one of these objects, so it is never cached; `default_get` is left out because
 * defaults may depend on the clock.
 */
const READ_ONLY_METHODS: ReadonlySet<MethodDefinition> = new Set([
  search,
  search_count,
  search_read,
  search_fetch,
  name_search,
  read,
  fields_get,
  read_group,
  formatted_read_group,
  check_access,
  has_access,
  web_read,
  web_search_read,
  web_read_group,
  get_metadata,
]);

export const DEFAULT_ANSWER_CACHE_BYTES = 32 * 1024 * 1024;

interface Entry {
  readonly database: string;
  readonly generation: number;
  readonly json: string;
  readonly bytes: number;
}

/** Where a call stands with the cache: the key to look under and the generation its answer will be computed at. */
export interface CacheTicket {
  readonly key: string;
  readonly database: string;
  readonly generation: number;
}

export interface AnswerCacheOptions {
  /** Largest total size kept (about 2 bytes per character of keys and answers); 0 turns the cache off. */
  maxBytes?: number;
}

export class AnswerCache {
  readonly generations: WriteGenerations;
  readonly maxBytes: number;
  readonly #entries = new Map<string, Entry>();
  /** Entries kept per database (a write to a database with none costs nothing). */
  readonly #counts = new Map<string, number>();
  #bytes = 0;
  /** Answers served from the cache, and calls that had to run (for tests and benchmarks). */
  hits = 0;
  misses = 0;

  constructor(options: AnswerCacheOptions = {}) {
    this.maxBytes = options.maxBytes ?? DEFAULT_ANSWER_CACHE_BYTES;
    this.generations = new WriteGenerations((database) => this.#forget(database));
  }

  get enabled(): boolean {
    return this.maxBytes > 0;
  }

  /** Bytes held now. */
  get size(): number {
    return this.#bytes;
  }

  /**
   * A ticket for a call of `method` (as the registry resolved it) when its answer may be cached, else undefined. Taken
   * before the call runs, so that an answer computed while something wrote is never kept.
   */
  ticket(database: string, user: CurrentUser, model: string, method: MethodDefinition | undefined, body: Buffer): CacheTicket | undefined {
    if (!this.enabled || method === undefined || !READ_ONLY_METHODS.has(method)) return undefined;
    return {
      key: `${database}\n${userKey(user)}\n${model}\n${method.name}\n${body.toString('latin1')}`,
      database,
      generation: this.generations.of(database),
    };
  }

  /** The kept answer (JSON text) for the ticket, when it was computed at the current generation. */
  get(ticket: CacheTicket): string | undefined {
    const entry = this.#entries.get(ticket.key);
    if (entry === undefined || entry.generation !== this.generations.of(ticket.database)) {
      this.misses += 1;
      return undefined;
    }
    // Least recently used first out: a hit moves the entry to the end.
    this.#entries.delete(ticket.key);
    this.#entries.set(ticket.key, entry);
    this.hits += 1;
    return entry.json;
  }

  /** Keeps an answer, unless the database may have changed since the ticket was taken or it is too large. */
  set(ticket: CacheTicket, json: string): void {
    if (ticket.generation !== this.generations.of(ticket.database)) return;
    const bytes = 2 * (ticket.key.length + json.length);
    if (bytes > this.maxBytes / 8) return;
    this.#remove(ticket.key);
    this.#entries.set(ticket.key, { database: ticket.database, generation: ticket.generation, json, bytes });
    this.#bytes += bytes;
    this.#counts.set(ticket.database, (this.#counts.get(ticket.database) ?? 0) + 1);
    for (const [key] of this.#entries) {
      if (this.#bytes <= this.maxBytes) break;
      this.#remove(key);
    }
  }

  #remove(key: string): void {
    const entry = this.#entries.get(key);
    if (entry === undefined) return;
    this.#entries.delete(key);
    this.#bytes -= entry.bytes;
    const left = (this.#counts.get(entry.database) ?? 1) - 1;
    if (left === 0) this.#counts.delete(entry.database);
    else this.#counts.set(entry.database, left);
  }

  #forget(database: string): void {
    if (!this.#counts.has(database)) return;
    for (const [key, entry] of this.#entries) if (entry.database === database) this.#remove(key);
  }
}

/** Everything about the caller that a read may depend on (what rules and field groups see). */
function userKey(user: CurrentUser): string {
  return JSON.stringify([
    user.id,
    user.login,
    user.name,
    user.companyId,
    [...user.companyIds],
    user.partnerId,
    user.lang,
    user.tz,
    [...user.groups].sort(),
    [...user.groupIds].sort((a, b) => a - b),
  ]);
}
