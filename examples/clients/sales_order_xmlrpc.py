# A sales order through the deprecated XML-RPC interface with Python's standard xmlrpc.client, as integration
# tutorials write it: log in, create an order with its lines in one call, confirm it, read its totals.
# Runs against `json2 sandbox` (demo database) as is; the environment variables point it elsewhere.
import os
import xmlrpc.client

url = os.environ.get("SANDBOX_URL", "http://127.0.0.1:8069")
db = os.environ.get("SANDBOX_DB", "demo")
username = os.environ.get("SANDBOX_LOGIN", "admin")
password = os.environ.get("SANDBOX_PASSWORD", "admin")

common = xmlrpc.client.ServerProxy(f"{url}/xmlrpc/2/common")
uid = common.authenticate(db, username, password, {})
if not uid:
    raise SystemExit("login refused")
models = xmlrpc.client.ServerProxy(f"{url}/xmlrpc/2/object")

partner_id = models.execute_kw(db, uid, password, "res.partner", "search", [[["name", "=", "Azure Interior"]]], {"limit": 1})[0]
chair_id = models.execute_kw(db, uid, password, "product.product", "search", [[["default_code", "=", "FURN_0001"]]], {"limit": 1})[0]

order_id = models.execute_kw(db, uid, password, "sale.order", "create", [{
    "partner_id": partner_id,
    "client_order_ref": "xmlrpc.client example",
    "order_line": [(0, 0, {"product_id": chair_id, "product_uom_qty": 3})],
}])
models.execute_kw(db, uid, password, "sale.order", "action_confirm", [[order_id]])

order = models.execute_kw(db, uid, password, "sale.order", "read", [[order_id]], {"fields": ["name", "state", "amount_untaxed", "amount_tax", "amount_total"]})[0]
print(f"{order['name']} {order['state']} {order['amount_untaxed']:.2f} + {order['amount_tax']:.2f} = {order['amount_total']:.2f}")
