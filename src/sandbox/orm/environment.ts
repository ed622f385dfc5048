// Everything a method call runs with: its transaction, the models, the calling user, the context and the time.
import type { Clock } from './clock';
import type { CurrentUser } from './access/currentUser';
import type { SecurityTables } from './access/securityTables';
import type { SqlClient } from '../storage/sqlClient';
import type { Model } from './modelDefinition';
import type { Registry } from './registry';

/** Per-database services that outlive a call (key verification cache, hashing cost). */
export interface DatabaseServices {
  clock: Clock;
  /** Tells the key cache that these API keys are gone (revoked or deleted), effective for the next request. */
  forgetApiKeys(keyIds: readonly number[]): void;
  /** Told after records of `model` were created, changed or deleted (the key cache listens for users and keys). */
  recordsChanged(model: string): void;
  /** Cost parameter of the slow hash used for new keys and passwords. */
  hashCost: number;
  /** The database's access rows, record rules and field groups, as loaded when the call started. */
  security: SecurityTables;
}

export class Environment {
  constructor(
    readonly cr: SqlClient,
    readonly registry: Registry,
    readonly user: CurrentUser,
    readonly context: Record<string, unknown>,
    /** The moment the call started, by the sandbox clock (create_date, write_date and expiry use it). */
    readonly now: Date,
    readonly services: DatabaseServices,
    /** Superuser mode: access rights are not checked (used for internal work, never for the caller's own calls). */
    readonly su = false,
    readonly signal: AbortSignal = new AbortController().signal,
  ) {}

  get uid(): number {
    return this.user.id;
  }

  sudo(): Environment {
    return new Environment(this.cr, this.registry, this.user, this.context, this.now, this.services, true, this.signal);
  }

  withContext(context: Record<string, unknown>): Environment {
    return new Environment(this.cr, this.registry, this.user, context, this.now, this.services, this.su, this.signal);
  }

  withRegistry(registry: Registry): Environment {
    return new Environment(this.cr, registry, this.user, this.context, this.now, this.services, this.su, this.signal);
  }

  model(name: string): Model {
    return this.registry.require(name);
  }
}
