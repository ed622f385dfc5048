// The echo-leak scenario the pipeline, CLI and host tests share: a secret planted by one request, echoed by the server
// in later ones (an answer, a failed assertion, an error message quoting it with Python's repr), and its forms by hand.

/** A plain secret, and one holding every character a format escapes. */
export const ECHOED_SECRETS = ['hunter2secret', 'pa\\ss"wo\'rd<&>'];

/**
 * Four requests: `planted` creates a partner named `plantValue` (a placeholder holding the secret), `readBack` reads
 * the name back with an assertion that fails and quotes it, `readAgain` reads it without checks, and `Quote it` (which
 * uses `readAgain`'s answer) makes the server quote it in an error.
 * `head` goes first (a `# @connection`, a `# @prompt`).
 */
export function echoFile(head: string, plantValue: string): string {
  return `${head}### Plant the secret as a partner's name
# @name planted
POST res.partner/create
{ "vals_list": [{ "name": "${plantValue}" }] }

### A later request: the server echoes it, the failed assertion quotes it
# @name readBack
POST res.partner/read
{ "ids": {{planted.response.body}}, "fields": ["name"] }
?? body[0].name == "x"

### The same read without checks (a request whose dependency failed is not sent)
# @name readAgain
POST res.partner/read
{ "ids": {{planted.response.body}}, "fields": ["name"] }

### Quote it
POST res.partner/search_read
{ "domain": [["id", "=", {{readAgain.response.body[0].name}}]] }
`;
}

/** Python's repr without its quotes, as the server quotes values in its error messages: `\` and `'` escaped. */
export function reprOf(secret: string): string {
  return secret.replace(/\\/g, '\\\\').replace(/'/g, "\\'");
}

/**
 * The forms the secret takes in answers, messages, HTML and XML, written out by hand (not by the redactor's code): as
 * is, in a JSON string, in repr, repr in a JSON string; each also with `& < >` as entities and, for XML attributes,
 * quotes too.
 */
export function echoedForms(secret: string): string[] {
  const inner = [secret, JSON.stringify(secret).slice(1, -1), reprOf(secret), JSON.stringify(reprOf(secret)).slice(1, -1)];
  const html = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  const xml = (text: string) => html(text).replace(/"/g, '&quot;').replace(/'/g, '&apos;');
  return [...new Set([...inner, ...inner.map(html), ...inner.map(xml)])];
}
