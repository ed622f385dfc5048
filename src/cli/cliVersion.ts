// The CLI's version string, fixed at build time from package.json.
declare const JSON2_VERSION: string | undefined;

export function cliVersion(): string {
  return typeof JSON2_VERSION === 'string' ? JSON2_VERSION : 'development';
}
