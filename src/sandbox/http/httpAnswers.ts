// Writing answers: JSON bodies, error objects, and the small HTML pages the reference server's web library sends.
import type { ServerResponse } from 'node:http';
import { errorBody } from '../errors/errorBody';
import type { ServiceError } from '../errors/serviceErrors';
import { jsonWithFloats } from '../orm/pythonFloat';
import { escapeHtml } from './markupEscape';

function finish(response: ServerResponse, status: number, contentType: string, body: string, headers: Record<string, string>): void {
  if (response.headersSent) {
    response.destroy();
    return;
  }
  const bytes = Buffer.from(body, 'utf8');
  response.writeHead(status, { 'Content-Type': contentType, 'Content-Length': String(bytes.length), ...headers });
  response.end(bytes);
}

/** A value as the JSON text of an answer (undefined as null), whole floats written as floats (`20.0`). */
export function jsonText(value: unknown): string {
  return jsonWithFloats(JSON.stringify(value === undefined ? null : value));
}

export function sendJson(response: ServerResponse, status: number, value: unknown, headers: Record<string, string> = {}): void {
  sendJsonText(response, status, jsonText(value), headers);
}

/** A JSON answer already written as text. */
export function sendJsonText(response: ServerResponse, status: number, json: string, headers: Record<string, string> = {}): void {
  finish(response, status, 'application/json; charset=utf-8', json, headers);
}

export function sendHtml(response: ServerResponse, status: number, html: string, headers: Record<string, string> = {}): void {
  finish(response, status, 'text/html; charset=utf-8', html, headers);
}

/** The error object of a failed call, with the error's status and headers. */
export function sendError(response: ServerResponse, error: ServiceError): void {
  sendJson(response, error.status, errorBody(error), error.headers);
}

/** A page shaped like the web library's default error pages (a line break of the description is a `<br>`). */
export function statusPage(status: number, title: string, description: string): string {
  const text = escapeHtml(description).replace(/\n/g, '<br>');
  return `<!doctype html>\n<html lang=en>\n<title>${status} ${escapeHtml(title)}</title>\n<h1>${escapeHtml(title)}</h1>\n<p>${text}</p>\n`;
}

export function sendNotFoundPage(response: ServerResponse): void {
  sendHtml(
    response,
    404,
    statusPage(
      404,
      'Not Found',
      'The requested URL was not found on the server. If you entered the URL manually please check your spelling and try again.',
    ),
  );
}
