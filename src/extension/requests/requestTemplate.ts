// The text of a new request file (on the active connection): a variable, a call with a domain, and a route.
export const REQUEST_FILE_TEMPLATE = `@limit = 20

### Companies
# @name companies
POST res.partner/search_read
{
  "domain": [["is_company", "=", true]],
  "fields": ["name", "email", "country_id"],
  "limit": {{limit}},
}
?? status == 200

### Server version
GET /web/version
`;
