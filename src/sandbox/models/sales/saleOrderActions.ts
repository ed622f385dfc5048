// The state changes of sales orders, with the reference's refusals: confirm (a quotation with a product on each line),
// mark as sent, cancel (a locked order is refused; a non-draft order gets the cancellation wizard's action unless the
// context says disable_cancel_warning), back to quotation, lock and unlock.
import { userError, valueError } from '../../errors/serviceErrors';
import type { Environment } from '../../orm/environment';
import { formatDatetime, truthy } from '../../orm/fieldValues';
import type { Model } from '../../orm/modelDefinition';
import { checkRecords } from '../../orm/recordAccess';
import { writeRecords } from '../../orm/recordWrite';
import { checkModelAccess } from '../../orm/access/accessPolicy';
import type { MethodDefinition } from '../../orm/methodDefinition';

interface OrderState {
  id: number;
  state: string;
  locked: boolean;
  lines_without_product: number;
}

/** The orders of `ids` as the actions see them (read access checked first, as reading them would). */
async function orderStates(env: Environment, model: Model, ids: readonly number[]): Promise<OrderState[]> {
  checkModelAccess(env, model, 'read');
  await checkRecords(env, model, ids, 'read');
  const rows = await env.cr.query<OrderState>(
    `SELECT o.id, o.state, COALESCE(o.locked, false) AS locked,
      (SELECT count(*)::int FROM sale_order_line l WHERE l.order_id = o.id AND l.display_type IS NULL AND NOT COALESCE(l.is_downpayment, false) AND l.product_id IS NULL) AS lines_without_product
    FROM sale_order o WHERE o.id = ANY($1::int[])`,
    [[...ids]],
  );
  const byId = new Map(rows.rows.map((row) => [Number(row.id), row]));
  return ids.map((id) => byId.get(id)).filter((row): row is OrderState => row !== undefined);
}

/** The reference's `ensure_one`: a ValueError naming the records. */
function ensureOne(model: Model, ids: readonly number[]): void {
  if (ids.length !== 1) throw valueError(`Expected singleton: ${model.name}(${ids.join(', ')}${ids.length === 1 ? ',' : ''})`);
}

const action = (name: string, doc: string, run: MethodDefinition['run']): MethodDefinition => ({
  name,
  level: 'records',
  parameters: [],
  doc,
  run,
});

export const SALE_ORDER_ACTIONS: MethodDefinition[] = [
  action(
    'action_confirm',
    'Confirms quotations into sales orders (state sale, order date now); refuses orders that are not quotations or have a line without a product.',
    async ({ env, model, ids }) => {
      for (const order of await orderStates(env, model, ids)) {
        if (order.state !== 'draft' && order.state !== 'sent') throw userError('Some orders are not in a state requiring confirmation.');
        if (order.lines_without_product > 0) throw userError('A line on these orders missing a product, you cannot confirm it.');
      }
      await writeRecords(env, model, ids, { state: 'sale', date_order: formatDatetime(env.now) });
      return true;
    },
  ),
  action('action_quotation_sent', 'Marks draft quotations as sent.', async ({ env, model, ids }) => {
    if ((await orderStates(env, model, ids)).some((order) => order.state !== 'draft'))
      throw userError('Only draft orders can be marked as sent directly.');
    await writeRecords(env, model, ids, { state: 'sent' });
    return null;
  }),
  action(
    'action_cancel',
    "Cancels the orders; answers the cancellation wizard's action instead for an order that is not a draft, unless the context has disable_cancel_warning.",
    async ({ env, model, ids }) => {
      const orders = await orderStates(env, model, ids);
      if (orders.some((order) => order.locked)) throw userError('You cannot cancel a locked order. Please unlock it first.');
      if (!truthy(env.context.disable_cancel_warning) && orders.some((order) => order.state !== 'draft')) {
        ensureOne(model, ids);
        const typeName = orders[0].state === 'sale' ? 'Sales Order' : 'Quotation';
        return {
          name: `Cancel ${typeName}`,
          view_mode: 'form',
          res_model: 'sale.order.cancel',
          view_id: false,
          type: 'ir.actions.act_window',
          target: 'new',
          context: {
            default_template_id: false,
            default_order_id: ids[0],
            mark_so_as_canceled: true,
            default_email_layout_xmlid: 'mail.mail_notification_layout_with_responsible_signature',
            model_description: typeName,
          },
        };
      }
      await writeRecords(env, model, ids, { state: 'cancel' });
      return true;
    },
  ),
  action(
    'action_draft',
    'Sets cancelled and sent orders back to quotation (the others are left as they are).',
    async ({ env, model, ids }) => {
      const orders = (await orderStates(env, model, ids))
        .filter((order) => order.state === 'cancel' || order.state === 'sent')
        .map((order) => order.id);
      if (orders.length > 0) await writeRecords(env, model, orders, { state: 'draft' });
      return true;
    },
  ),
  action(
    'action_lock',
    "Locks the orders: their lines' products, quantities and prices can no longer change.",
    async ({ env, model, ids }) => {
      await writeRecords(env, model, ids, { locked: true });
      return null;
    },
  ),
  action('action_unlock', 'Unlocks the orders.', async ({ env, model, ids }) => {
    await writeRecords(env, model, ids, { locked: false });
    return null;
  }),
];
