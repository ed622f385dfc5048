// Quotes SQL identifiers and text literals: the one place the sandbox does so, over pg's escapeIdentifier and
// escapeLiteral (the same text on PGlite and PostgreSQL, both with standard_conforming_strings on).
import { escapeIdentifier, escapeLiteral } from 'pg';

/** `"name"`, with any double quote doubled. */
export function quoteIdentifier(name: string): string {
  return escapeIdentifier(name);
}

/**
 * `'text'`, with any single quote doubled; text with a backslash becomes ` E'…'` with the backslashes doubled (the
 * leading space keeps it apart from what precedes it). NUL cannot be sent in a literal: callers refuse it first.
 */
export function quoteLiteral(text: string): string {
  return escapeLiteral(text);
}
