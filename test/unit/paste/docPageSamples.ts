// The code samples of the reference server's /doc page (addons/api_doc, doc_code_gen.js, 19.0), written here in the
// same shape for a URL and a request object: cURL with --oauth2-bearer and a commented-out database header between
// continued lines, Python `requests` with only `null` turned into `None`, and JavaScript `fetch` in its two versions
// (the body as `JSON.stringify({...})`, and as the object itself), keys unquoted.

function unquotedKeys(value: unknown): string {
  return JSON.stringify(value, null, 4).replace(/^(\s*)"([^"\n:]+)":/gm, '$1$2:');
}

export function docCurlSample(url: string, request: unknown, key = 'YOUR_API_KEY'): string {
  return `curl '${url}'\\\n  -X POST \\\n  --oauth2-bearer ${key} \\\n# -H "X-Odoo-Database: ..." \\\n  -H "Content-Type: application/json" \\\n  -d '${JSON.stringify(request)}'\n`;
}

export function docPythonSample(url: string, request: unknown, key = 'YOUR_API_KEY'): string {
  const body = JSON.stringify(request, null, 4)
    .replace(/\bnull\b/g, 'None')
    .replaceAll('\n', '\n    ');
  return `# You MUST store this key securely. Place it in an
# environment variable or in in a file outside of
# git (e.g. your home directory).
api_key = "${key}"

import requests
response = requests.post(
    "${url}",
    headers={
        "Authorization": f"Bearer {api_key}",
        # "X-Odoo-Database": "...",
    },
    json=${body},
)
response.raise_for_status()
data = response.json()
print(data)
`;
}

export function docJavaScriptSample(url: string, request: unknown, options: { stringified: boolean; key?: string }): string {
  const object = unquotedKeys(request).replace(/\n/g, '\n    ');
  return `(async () => {
    // You MUST store this key securely. Place it in an
    // environment variable or in in a file outside of
    // git (e.g. your home directory).
    const apiKey = "${options.key ?? 'YOUR_API_KEY'}";

    const request = {
        method: "POST",
        headers: {
            "Content-Type": "application/json",
            "Authorization": "Bearer " + apiKey,
            // "X-Odoo-Database": "...",
        },
        body: ${options.stringified ? `JSON.stringify(${object})` : object},
    };

    const response = await fetch("${url}", request);
    if (response.ok) {
        const data = await response.json();
        console.log(data)
    } else {
        // Handle errors
    }
})();`;
}
