// The one place that removes secrets (API keys, passwords, master passwords) from text, values and errors.
import { secretForms } from './secretForms';

/** What a secret is replaced with wherever text leaves the client. */
export const REDACTED = '«redacted»';

// Secrets shorter than this are not searched for in free text: a one-letter password would blank every
// occurrence of that letter. They are still removed by the structural patterns below.
const MIN_SEARCHED_LENGTH = 3;

// Structural safety nets for secrets the redactor was never told about: a bearer header, a form field or a
// JSON/XML member whose name says it holds a secret. They run over values (a message, a name, an answer's string),
// never over a finished report: the token they take ends at a blank, a quote, a backslash, markup or a separator, so
// the quoting around it stays whole (`got "key=x"` keeps its closing quote), and `bearer` only takes a token on its
// own line (a title ending in "bearer" takes nothing from the next line).
const SECRET_NAMES = 'master_pwd|master_pwd_new|password|passwd|new_password|user_password|api_?key|apikey|key|token|secret';
const TOKEN_END = '\\s"\'`\\\\<>';
const STRUCTURAL_PATTERNS: ReadonlyArray<[RegExp, string]> = [
  [new RegExp(`\\b(bearer[ \\t]+)[^${TOKEN_END},;]+`, 'gi'), `$1${REDACTED}`],
  [new RegExp(`((?:^|[?&\\s])(?:${SECRET_NAMES})=)[^&${TOKEN_END}]*`, 'gim'), `$1${REDACTED}`],
  [new RegExp(`("(?:${SECRET_NAMES})"\\s*:\\s*)"(?:[^"\\\\]|\\\\.)*"`, 'gi'), `$1"${REDACTED}"`],
];
/** What every structural pattern needs somewhere in the text: most strings of an answer have none of it. */
const MAYBE_STRUCTURAL = /bearer|[="]/i;
/**
 * Where a structural pattern (or a JSON member `redactValue` blanks by its name) could be, also in JSON text where
 * the whitespace before it is written as an escape (`\\n`): each name of SECRET_NAMES ends in one of these words.
 * Anchored on what follows the name, so that a megabyte is looked over in about a millisecond.
 */
const MAYBE_STRUCTURAL_HEAD = /bearer|(?:pwd|pwd_new|password|passwd|key|token|secret)(?:=|"\s*:)/i;
/**
 * Holds the secrets of one connection, one run or the whole process, and scrubs them, in every form a server or a
 * format writes them (`secretForms`: JSON, Python repr, XML/HTML, URL), from any text, value or error before it
 * reaches a message, a log, a report or a view.
 */
export class SecretRedactor {
  readonly #secrets = new Set<string>();
  readonly #forms = new Set<string>();
  /** One pattern for every form, longest first; undefined until needed after a change, null when there is none. */
  #pattern: RegExp | null | undefined = null;

  /** Creates a redactor that already knows the given secrets (empty or undefined values are ignored). */
  constructor(secrets: Iterable<string | undefined> = []) {
    for (const secret of secrets) this.add(secret);
  }

  /** Registers a secret so that it, and each of its forms, is removed from every later output. */
  add(secret: string | undefined): this {
    if (secret === undefined || secret.length === 0 || this.#secrets.has(secret)) return this;
    this.#secrets.add(secret);
    if (secret.length >= MIN_SEARCHED_LENGTH) {
      for (const form of secretForms(secret)) this.#forms.add(form);
      this.#pattern = undefined;
    }
    return this;
  }

  /** Registers every secret another redactor knows (a connection's key joining a run's secrets). */
  addAll(other: SecretRedactor): this {
    const before = this.#forms.size;
    for (const secret of other.#secrets) this.#secrets.add(secret);
    // The other's forms are exactly those of its secrets: copied, not computed again.
    for (const form of other.#forms) this.#forms.add(form);
    if (this.#forms.size !== before) this.#pattern = undefined;
    return this;
  }

  /** Whether the secret is known (as given, not one of its forms). */
  knows(secret: string): boolean {
    return this.#secrets.has(secret);
  }

  /** A redactor that knows this one's secrets plus the given ones. */
  with(...secrets: Array<string | undefined>): SecretRedactor {
    const copy = new SecretRedactor().addAll(this);
    for (const secret of secrets) copy.add(secret);
    return copy;
  }

  /** Removes every known secret and every structurally recognisable secret from a text. */
  redact(text: string): string {
    const forms = this.#formsPattern();
    let result = forms ? text.replace(forms, REDACTED) : text;
    if (!MAYBE_STRUCTURAL.test(result)) return result;
    for (const [pattern, replacement] of STRUCTURAL_PATTERNS) result = result.replace(pattern, replacement);
    return result;
  }

  /**
   * Removes the known secrets only, without the structural patterns: for text that must keep its shape, such as
   * exported code whose `Authorization: Bearer $JSON2_API_KEY` names a variable, not a secret.
   */
  redactKnown(text: string): string {
    const forms = this.#formsPattern();
    return forms ? text.replace(forms, REDACTED) : text;
  }

  /**
   * Whether `redact` or `redactValue` could change anything in this text (a known secret, or the start of a structural
   * pattern): a quick test for text that is handed on as it is when nothing in it needs redacting.
   */
  mayRedact(text: string): boolean {
    const forms = this.#formsPattern();
    if (forms) {
      forms.lastIndex = 0;
      if (forms.test(text)) return true;
    }
    return MAYBE_STRUCTURAL_HEAD.test(text);
  }

  #formsPattern(): RegExp | null {
    if (this.#pattern === undefined) {
      // Longest first: at one place the alternation takes the first form that matches, so a form holding another wins.
      const ordered = [...this.#forms].sort((a, b) => b.length - a.length).map((form) => form.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
      this.#pattern = ordered.length === 0 ? null : new RegExp(ordered.join('|'), 'g');
    }
    return this.#pattern;
  }

  /** Deep copy of a JSON-like value with every string redacted (keys named like secrets lose their value). */
  redactValue<T>(value: T): T {
    return this.#redactValue(value, new WeakSet()) as T;
  }

  #redactValue(value: unknown, seen: WeakSet<object>): unknown {
    if (typeof value === 'string') return this.redact(value);
    if (value === null || typeof value !== 'object') return value;
    if (seen.has(value)) return '[circular]';
    seen.add(value);
    if (Array.isArray(value)) return value.map((item) => this.#redactValue(item, seen));
    if (Buffer.isBuffer(value) || value instanceof Uint8Array) return value;
    const copy: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      copy[key] = isSecretName(key) && typeof item === 'string' && item !== '' ? REDACTED : this.#redactValue(item, seen);
    }
    return copy;
  }

  /**
   * Scrubs an error in place: its message, stack, every own string or JSON-like property, and its cause chain.
   * Returns the same error so that `throw redactor.redactError(error)` reads naturally.
   */
  redactError<E extends Error>(error: E): E {
    const seen = new WeakSet<object>();
    this.#redactErrorInPlace(error, seen);
    return error;
  }

  #redactErrorInPlace(error: Error, seen: WeakSet<object>): void {
    if (seen.has(error)) return;
    seen.add(error);
    for (const key of Reflect.ownKeys(error)) {
      if (typeof key !== 'string') continue;
      const descriptor = Object.getOwnPropertyDescriptor(error, key);
      if (!descriptor || !('value' in descriptor) || !descriptor.writable) continue;
      const value: unknown = descriptor.value;
      if (value instanceof Error) this.#redactErrorInPlace(value, seen);
      else if (typeof value === 'string' || (value !== null && typeof value === 'object')) {
        (error as unknown as Record<string, unknown>)[key] = this.#redactValue(value, new WeakSet());
      }
    }
  }
}

/** True for a field or argument name that conventionally carries a secret. */
export function isSecretName(name: string): boolean {
  return SECRET_NAME.test(name);
}

const SECRET_NAME = new RegExp(`^(?:${SECRET_NAMES})$`, 'i');
