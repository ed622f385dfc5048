// The User-Agent the clients send: the client software's name and version, as the spec recommends (no HTTP stack here).

/** `JSON-2 Explorer/0.1.0 (node v20.19.0)`: names the client software, as the spec recommends. */
export function userAgentOf(name: string, version: string): string {
  return `${name}/${version} (node ${process.version})`;
}
