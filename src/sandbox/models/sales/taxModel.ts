// account.tax: the taxes of sales lines (release 19 fields: amount_type, amount, type_tax_use, price_include computed
// from price_include_override), and the computation of a line's taxes from its base.
import { fields } from '../../orm/fieldDefinition';
import type { ModelSpec } from '../../orm/modelDefinition';

export const taxModel: ModelSpec = {
  name: 'account.tax',
  description: 'Tax',
  order: 'sequence, id',
  fields: {
    name: fields.char('Tax Name', { required: true, translate: true }),
    type_tax_use: fields.selection(
      'Tax Type',
      [
        ['sale', 'Sales'],
        ['purchase', 'Purchases'],
        ['none', 'None'],
      ],
      {
        required: true,
        default: 'sale',
        help: "Determines where the tax is selectable. Note: 'None' means a tax can't be used by itself, however it can still be used in a group.",
      },
    ),
    tax_scope: fields.selection(
      'Tax Scope',
      [
        ['service', 'Services'],
        ['consu', 'Goods'],
      ],
      { help: 'Restrict the use of taxes to a type of product.' },
    ),
    amount_type: fields.selection(
      'Tax Computation',
      [
        ['group', 'Group of Taxes'],
        ['fixed', 'Fixed'],
        ['percent', 'Percentage'],
        ['division', 'Percentage Tax Included'],
      ],
      { required: true, default: 'percent' },
    ),
    active: fields.boolean('Active', { default: true, help: 'Set active to false to hide the tax without removing it.' }),
    company_id: fields.many2one('res.company', 'Company', {
      required: true,
      readonly: true,
      onDelete: 'restrict',
      default: (source) => source.companyId,
    }),
    sequence: fields.integer('Sequence', {
      required: true,
      default: 1,
      help: 'The sequence field is used to define order in which the tax lines are applied.',
    }),
    amount: fields.float('Amount', { required: true, default: 0 }),
    description: fields.html('Description', { translate: true }),
    invoice_label: fields.char('Label on Invoices', { translate: true }),
    price_include_override: fields.selection(
      'Included in Price',
      [
        ['tax_included', 'Tax Included'],
        ['tax_excluded', 'Tax Excluded'],
      ],
      {
        help: "Overrides the Company's default on whether the price you use on the product and invoices includes this tax.",
      },
    ),
    price_include: fields.boolean('Included in Price', {
      store: false,
      readonly: true,
      help: 'Determines whether the price you use on the product and invoices includes this tax.',
      computeSql: (alias) => `(${alias}.price_include_override IS NOT DISTINCT FROM 'tax_included')`,
    }),
    include_base_amount: fields.boolean('Affect Base of Subsequent Taxes', { default: false }),
    country_id: fields.many2one('res.country', 'Country', { help: 'The country for which this tax is applicable.' }),
  },
};

/** What the tax engine needs of a tax. */
export interface TaxRow {
  id: number;
  amount_type: string;
  amount: number;
  price_include_override: string | null;
}

/** Rounds `value` half away from zero to `digits` decimals, as the reference's float_round does. */
export function roundAmount(value: number, digits: number): number {
  const factor = 10 ** digits;
  const scaled = Math.abs(value) * factor;
  const rounded = Math.round(scaled + 1e-9 * Math.max(1, scaled)) / factor;
  return Math.sign(value) * rounded;
}

/**
 * Untaxed base and tax of one line: `price` is the unit price after discount and `quantity` its quantity. Percent taxes
 * apply to the base (or are taken out of an included price), fixed taxes count per unit, division taxes gross the
 * base up; each tax is rounded to the currency's decimals on the line (the reference's default "round per line").
 */
export function computeLineTaxes(
  price: number,
  quantity: number,
  taxes: readonly TaxRow[],
  digits: number,
): { subtotal: number; tax: number } {
  let base = price * quantity;
  const included = taxes.filter((tax) => tax.price_include_override === 'tax_included');
  for (const tax of included) {
    if (tax.amount_type === 'percent') base /= 1 + tax.amount / 100;
    else if (tax.amount_type === 'division') base *= 1 - tax.amount / 100;
    else if (tax.amount_type === 'fixed') base -= tax.amount * quantity;
  }
  const subtotal = roundAmount(base, digits);
  let tax = 0;
  for (const row of taxes) {
    if (row.amount_type === 'percent') tax += roundAmount((base * row.amount) / 100, digits);
    else if (row.amount_type === 'fixed') tax += roundAmount(row.amount * quantity, digits);
    else if (row.amount_type === 'division' && row.amount < 100) tax += roundAmount(base / (1 - row.amount / 100) - base, digits);
  }
  return { subtotal, tax: roundAmount(tax, digits) };
}
