// Values of the demo records of sandbox.wide: every field filled, deterministically, from the record's index.
import { WIDE_MANY2MANY, WIDE_PER_TYPE } from '../models/wideModel';

const number = (index: number) => String(index).padStart(2, '0');
const SELECTION = ['draft', 'open', 'done', 'cancel'];

/** The values of wide record `record` (0-based); `partners` and `tags` are ids to link, `currency` a currency id. */
export function wideValues(
  record: number,
  partners: readonly number[],
  tags: readonly number[],
  currency: number,
): Record<string, unknown> {
  const values: Record<string, unknown> = {
    name: `Wide record ${record + 1}`,
    currency_id: currency,
    line_ids: [
      [0, 0, { name: 'First line', price: 10.5, currency_id: currency }],
      [0, 0, { name: 'Second line', quantity: 3, price: 2.25 }],
    ],
  };
  for (let index = 1; index <= WIDE_PER_TYPE; index += 1) {
    const n = number(index);
    const seed = record * 100 + index;
    values[`char_${n}`] = `Char ${n} of record ${record + 1}`;
    values[`text_${n}`] = `Text ${n}\nsecond line of record ${record + 1}`;
    values[`html_${n}`] = `<p>Html <b>${n}</b> of record ${record + 1}</p>`;
    values[`integer_${n}`] = seed;
    values[`float_${n}`] = seed / 8;
    values[`monetary_${n}`] = seed * 1.25;
    values[`boolean_${n}`] = seed % 2 === 0;
    values[`date_${n}`] = `2025-${number((index % 12) + 1)}-${number(record + 1)}`;
    values[`datetime_${n}`] = `2025-${number((index % 12) + 1)}-${number(record + 1)} ${number(index % 24)}:30:00`;
    values[`selection_${n}`] = SELECTION[seed % SELECTION.length];
    values[`binary_${n}`] = Buffer.from(`binary ${n} of record ${record + 1}`).toString('base64');
    values[`partner_${n}_id`] = partners[seed % partners.length];
  }
  for (let index = 1; index <= WIDE_MANY2MANY; index += 1)
    values[`tag_${number(index)}_ids`] = [[6, 0, tags.slice(0, (index + record) % (tags.length + 1))]];
  return values;
}
