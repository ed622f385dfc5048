// Says in plain words why the server refused to create a custom model or field, keeping the server's own message.

/** A person-readable sentence for a failed ir.model / ir.model.fields call. */
export function schemaChangeProblem(error: unknown, what: string): string {
  const kind = (error as { kind?: unknown } | null)?.kind;
  const message = error instanceof Error ? error.message : String(error);
  switch (kind) {
    case 'access':
      return `The server refused to create ${what}: this user may not change the data model (${message}).`;
    case 'validation':
      return `The server refused ${what}: ${message}`;
    case 'badRequest':
      return `The server did not accept the request for ${what}: ${message}`;
    case 'auth':
      return `The server refused the key: ${message}`;
    case 'refused':
      return message;
    case 'network':
    case 'timeout':
      return `The server could not be reached: ${message}`;
    default:
      return `Creating ${what} failed: ${message}`;
  }
}
