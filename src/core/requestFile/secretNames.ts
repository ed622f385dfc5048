// Which variable names look secret: their values are masked when prompted and redacted everywhere.

const secretWords = /key|pass|pwd|token|secret|credential|auth/i;

/** True when a name contains (ignoring case) key, pass, pwd, token, secret, credential or auth. */
export function looksSecret(name: string): boolean {
  return secretWords.test(name);
}

/** The environment variable an export reads a secret from: `JSON2_` and the name in upper snake case. */
export function secretEnvironmentName(name: string): string {
  const snake = name
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/[^A-Za-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .toUpperCase();
  return snake.startsWith('JSON2_') ? snake : `JSON2_${snake || 'SECRET'}`;
}
