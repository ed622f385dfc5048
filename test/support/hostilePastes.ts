// Clipboards that once kept Paste as Request busy for seconds or hours: malformed and deeply nested Python (the
// parser's error recovery), text of line breaks (quadratic patterns), and large bodies; shared by the test and the bench.

const URL = 'http://127.0.0.1:8069/json/2/res.partner/search_read';
const KB = 1024;
const MB = 1024 * KB;
const repeatTo = (unit: string, size: number): string => unit.repeat(Math.ceil(size / unit.length)).slice(0, size);

/** Each text by what it is; none of them may take a second of CPU to answer. */
export function hostilePastes(): Record<string, string> {
  return {
    'malformed Python, 60 KB': `import requests\n${repeatTo('}{)(][ 7:: ,\n', 60 * KB)}`,
    'unbalanced Python calls, 60 KB': `import requests\n${repeatTo('x = requests.post(("a", [{"b": (\n', 60 * KB)}`,
    'malformed Python, 240 KB': `import requests\n${repeatTo('}{)(][ 7:: ,\n', 240 * KB)}`,
    'deeply nested Python, 120 KB': `import requests\nrequests.post(${'('.repeat(120 * KB)}`,
    'a Python call with 100 KB of body': `import requests\nrequests.post("${URL}", json={"vals_list": [${repeatTo('{"name": "Partner"},', 100 * KB)} {}]})`,
    'line breaks, 120 KB': `x${'\n'.repeat(120 * KB)}y`,
    'blank lines after a brace, 120 KB': `{${repeatTo(' \n', 120 * KB)}y`,
    'line breaks, 1 MB': `x${'\n'.repeat(MB)}y`,
    'blank lines after a brace, 1 MB': `{${repeatTo(' \n', MB)}y`,
    'malformed Python, 1 MB': `import requests\n${repeatTo('}{)(][ 7:: ,\n', MB)}`,
    'a JavaScript fetch with 1 MB of body': `await fetch("${URL}", { method: "POST", body: JSON.stringify({ vals_list: [${repeatTo('{"name": "Partner"},', MB)} {}] }) });`,
    'a Python call with 1 MB of body': `import requests\nrequests.post("${URL}", json={"vals_list": [${repeatTo('{"name": "Partner"},', MB)} {}]})`,
    'a cURL command with 1 MB of garbage': `curl ${repeatTo('"}{)(][ 7:: ,\n', MB)}`,
    'a cURL command with 900 KB of body': `curl -X POST ${URL} -H 'Content-Type: application/json' -d '{"vals_list": [${repeatTo('{"name": "Partner"},', 900 * KB)} {}]}'`,
  };
}
