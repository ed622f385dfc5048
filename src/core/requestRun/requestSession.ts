// What the runs of one file share: named answers, prompt answers, and every secret seen, so later runs redact them too.
import { SecretRedactor } from '../redaction/secretRedactor';
import {
  looksSecret,
  selectPath,
  type PathStep,
  type RequestFile,
  type ResponsePart,
  type SecretValue,
  type StoredResponse,
} from '../requestFile';

/**
 * The state that outlives one request: answers of named requests (`{{name.response...}}`), prompt answers (asked once),
 * and the secrets of every run so far. The editor keeps one per file for its session; `json2 run` one per file of a
 * run, all on the run's redactor.
 */
export class RequestSession {
  readonly responses = new Map<string, StoredResponse>();
  readonly promptAnswers = new Map<string, string>();
  /** Knows every secret of this session's runs: connections' keys and passwords, secret values, secret answers. */
  readonly redactor: SecretRedactor;
  readonly #named = new Map<string, SecretValue>();

  constructor(redactor: SecretRedactor = new SecretRedactor()) {
    this.redactor = redactor;
  }

  /** Secret values with the name they came from (a prompt, a variable): exports read them from the environment. */
  secretValues(): SecretValue[] {
    return [...this.#named.values()];
  }

  /** Adds secrets of a request (or of the environment) to every later output of the session. */
  addSecrets(secrets: readonly SecretValue[]): void {
    for (const secret of secrets) {
      this.redactor.add(secret.value);
      if (!this.#named.has(secret.value)) this.#named.set(secret.value, secret);
    }
  }

  /**
   * Keeps a named request's answer, after learning the secrets it holds: values that a file variable with a secret
   * name takes from this answer (`@token = {{login.response.body.token}}`) are secret from the moment they arrive,
   * before any request uses them, so the answer that carries them is already redacted.
   */
  storeAnswer(parsed: RequestFile, requestName: string, stored: StoredResponse): void {
    this.responses.set(requestName, stored);
    this.addSecrets(secretsInAnswer(parsed, requestName, stored));
  }
}

/** The values an answer gives to file variables whose name looks secret (whole-value response references only). */
export function secretsInAnswer(parsed: RequestFile, requestName: string, stored: StoredResponse): SecretValue[] {
  const found: SecretValue[] = [];
  for (const variable of parsed.variables) {
    if (!looksSecret(variable.name.text)) continue;
    for (const placeholder of variable.placeholders) {
      const expression = placeholder.expression;
      if (expression.kind !== 'response' || expression.requestName.text !== requestName) continue;
      for (const value of answerStrings(stored, expression.part, expression.path))
        if (value !== '') found.push({ name: variable.name.text, value });
    }
  }
  return found;
}

function answerStrings(stored: StoredResponse, part: ResponsePart, path: readonly PathStep[]): string[] {
  if (part === 'status') return [];
  if (part === 'headers') {
    const step = path[0];
    const wanted = step?.kind === 'key' ? step.key.toLowerCase() : '';
    const key = Object.keys(stored.headers).find((header) => header.toLowerCase() === wanted);
    const value = key === undefined ? undefined : stored.headers[key];
    return value === undefined ? [] : typeof value === 'string' ? [value] : [...value];
  }
  const selection = selectPath(stored.body, path);
  if (!selection.found) return [];
  const values: unknown[] = Array.isArray(selection.value) ? selection.value : [selection.value];
  return values.filter((value): value is string => typeof value === 'string');
}
