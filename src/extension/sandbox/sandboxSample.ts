// The sample request file the local sandbox opens: written once under global storage (the person's edits are kept).
import fs from 'node:fs';
import path from 'node:path';
import { SANDBOX_CONNECTION } from './sandboxConnection';

export const SAMPLE_FILE_NAME = 'local-sandbox.json2';

/** Requests on the sandbox's demo data: a read, a chained read, a grouped count and a write that is undone. */
export const SAMPLE_REQUESTS = `# Requests to the local sandbox (JSON-2: Start Local Sandbox). Click "Send Request" above a request, or put the
# cursor in it and press Ctrl+Alt+R (Cmd+Alt+R on macOS). The answer opens in the response panel.
# @connection ${SANDBOX_CONNECTION}

### Companies in Belgium
# @name companies
POST res.partner/search_read
{
  "domain": [["is_company", "=", true], ["country_id.code", "=", "BE"]],
  "fields": ["name", "city", "country_id", "email"],
  "order": "name"
}
?? status == 200

### Their contacts (uses the answer above)
POST res.partner/search_read
{
  "domain": [["parent_id", "in", {{companies.response.body[*].id}}]],
  "fields": ["name", "function", "parent_id"]
}

### Contacts per country
POST res.partner/formatted_read_group
{
  "domain": [["country_id", "!=", false]],
  "groupby": ["country_id"],
  "aggregates": ["__count"],
  "order": "__count desc",
  "limit": 5
}

### Fields of a contact (what the completion knows)
POST res.partner/fields_get
{ "attributes": ["string", "type", "relation"] }
`;

/** The sample file under `folder`, written when missing; returns its path. */
export function ensureSampleFile(folder: string): string {
  const file = path.join(folder, SAMPLE_FILE_NAME);
  if (!fs.existsSync(file)) {
    fs.mkdirSync(folder, { recursive: true });
    fs.writeFileSync(file, SAMPLE_REQUESTS, { mode: 0o600 });
  }
  return file;
}
