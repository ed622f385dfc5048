// The server path of a collection request's URL: the base (`{{baseUrl}}`, `https://host`) is the connection's business.

/** The URL's path and query, and the variable that stood for the server when there was one. */
export interface UrlPath {
  readonly path: string;
  /** `baseUrl` for `{{baseUrl}}/json/2/...`. */
  readonly baseVariable?: string;
}

const LEADING_VARIABLE = /^\{\{\s*([^{}\s]+)\s*\}\}/;

/** The path of `url`, or undefined when it has none (a bare host, text that is not a URL). */
export function urlPath(url: string): UrlPath | undefined {
  let rest = url.trim();
  let baseVariable: string | undefined;
  const variable = LEADING_VARIABLE.exec(rest);
  if (variable) {
    baseVariable = variable[1];
    rest = rest.slice(variable[0].length);
  } else if (/^[a-z][\w+.-]*:\/\//i.test(rest)) {
    rest = rest.replace(/^[a-z][\w+.-]*:\/\/[^/?#]*/i, '');
  } else if (!rest.startsWith('/')) {
    // `localhost:8069/json/2/...` as Postman keeps a URL typed without its scheme.
    const slash = rest.indexOf('/');
    if (slash <= 0) return undefined;
    rest = rest.slice(slash);
  }
  rest = rest.replace(/#.*$/, '');
  if (rest === '') rest = '/';
  if (!rest.startsWith('/')) return undefined;
  return { path: rest, ...(baseVariable !== undefined ? { baseVariable } : {}) };
}

/** `model` and `method` of a JSON-2 path (`/json/2/res.partner/search_read`), placeholders allowed in both. */
export function json2Target(path: string): { model: string; method: string } | undefined {
  const match = /^\/json\/2\/([^/?#\s]+)\/([^/?#\s]+)\/?$/.exec(path);
  return match ? { model: match[1], method: match[2] } : undefined;
}
