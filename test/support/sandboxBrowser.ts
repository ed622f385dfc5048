// A browser-like client of the sandbox's web pages: keeps the session cookie and the CSRF token of the last page.
import { rawRequest, type HttpAnswer } from './sandboxHttp';

export class SandboxBrowser {
  cookie = '';
  csrf = '';

  constructor(private readonly baseUrl: string) {}

  private remember(answer: HttpAnswer): HttpAnswer {
    const setCookie = answer.headers['set-cookie']?.[0];
    if (setCookie) this.cookie = setCookie.split(';')[0];
    const token = /name="csrf_token" value="([^"]+)"/.exec(answer.text);
    if (token) this.csrf = token[1];
    return answer;
  }

  async get(path: string): Promise<HttpAnswer> {
    return this.remember(await rawRequest(this.baseUrl, { method: 'GET', path, headers: this.cookie ? { Cookie: this.cookie } : {} }));
  }

  /** Posts a form with the last page's CSRF token (or the one given). */
  async post(path: string, fields: Record<string, string>, csrf = this.csrf): Promise<HttpAnswer> {
    const body = new URLSearchParams({ csrf_token: csrf, ...fields }).toString();
    return this.remember(
      await rawRequest(this.baseUrl, {
        path,
        body,
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...(this.cookie ? { Cookie: this.cookie } : {}) },
      }),
    );
  }

  async logIn(login: string, password: string): Promise<HttpAnswer> {
    await this.get('/web/login');
    return this.post('/web/login', { login, password });
  }
}
