// A sales order through the web session routes with fetch, as browser-side scripts and many libraries do: log in with
// /web/session/authenticate (a session_id cookie comes back), call model methods with /web/dataset/call_kw, log out.
// Runs against `json2 sandbox` (demo database) with Node 20+ as is; the environment variables point it elsewhere.
const url = process.env.SANDBOX_URL ?? 'http://127.0.0.1:8069';
const db = process.env.SANDBOX_DB ?? 'demo';
const login = process.env.SANDBOX_LOGIN ?? 'demo';
const password = process.env.SANDBOX_PASSWORD ?? 'demo';

let cookie = '';
let requestId = 0;

async function rpc(path, params) {
  const response = await fetch(url + path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(cookie ? { Cookie: cookie } : {}) },
    body: JSON.stringify({ jsonrpc: '2.0', method: 'call', params, id: ++requestId }),
  });
  const setCookie = response.headers.get('set-cookie');
  if (setCookie) cookie = setCookie.split(';')[0];
  const body = await response.json();
  if (body.error) throw new Error(`${body.error.data.name}: ${body.error.data.message}`);
  return body.result;
}

const callKw = (model, method, args, kwargs = {}) => rpc(`/web/dataset/call_kw/${model}/${method}`, { model, method, args, kwargs });

const session = await rpc('/web/session/authenticate', { db, login, password });
console.log(`logged in as ${session.username} (uid ${session.uid}) on ${session.db}`);

const [customer] = await callKw('res.partner', 'search', [[['name', '=', 'Deco Addict']]], { limit: 1 });
const [pens] = await callKw('product.product', 'search', [[['default_code', '=', 'SUPP_0001']]], { limit: 1 });
const [orderId] = await callKw('sale.order', 'create', [[{ partner_id: customer, order_line: [[0, 0, { product_id: pens, product_uom_qty: 4 }]] }]]);
await callKw('sale.order', 'action_confirm', [[orderId]]);
const [order] = await callKw('sale.order', 'web_read', [[orderId]], {
  specification: { name: {}, state: {}, amount_total: {}, user_id: { fields: { display_name: {} } } },
});
console.log(`${order.name} ${order.state} ${order.amount_total.toFixed(2)} by ${order.user_id.display_name}`);

await rpc('/web/session/destroy', {});
