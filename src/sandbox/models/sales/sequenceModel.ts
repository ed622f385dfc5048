// ir.sequence: numbered references such as the sales orders' S00001; next_by_code gives the next one of a code.
import { formatDatetime } from '../../orm/fieldValues';
import type { Environment } from '../../orm/environment';
import { fields } from '../../orm/fieldDefinition';
import type { ModelSpec } from '../../orm/modelDefinition';
import { checkModelAccess } from '../../orm/access/accessPolicy';
import { typeError } from '../../errors/serviceErrors';
import { optional, required, type MethodDefinition } from '../../orm/methodDefinition';

/** The prefix or suffix with the reference's date placeholders (`%(year)s`, `%(month)s`, ...) filled in. */
function interpolate(text: string | null, date: string): string {
  if (!text) return '';
  const [year, month, day] = [date.slice(0, 4), date.slice(5, 7), date.slice(8, 10)];
  const values: Record<string, string> = { year, y: year.slice(2), month, day, current_year: year, current_month: month, current_day: day };
  return text.replace(/%\((\w+)\)s/g, (whole, key: string) => values[key] ?? whole);
}

/**
 * The next reference of the sequence `code` for the user's company (or a sequence of no company), false when there is
 * none. Numbers are taken in the call's transaction (no gaps, as the reference's `no_gap` implementation).
 */
export async function nextByCode(env: Environment, code: string, sequenceDate?: string): Promise<string | false> {
  const found = await env.cr.query<{ id: number }>(
    'SELECT id FROM ir_sequence WHERE code = $1 AND active AND (company_id = $2 OR company_id IS NULL) ORDER BY company_id NULLS LAST, id LIMIT 1',
    [code, env.user.companyId],
  );
  if (found.rows.length === 0) return false;
  const next = await env.cr.query<{ number: number; prefix: string | null; suffix: string | null; padding: number }>(
    'UPDATE ir_sequence SET number_next = number_next + number_increment WHERE id = $1 RETURNING number_next - number_increment AS number, prefix, suffix, padding',
    [found.rows[0].id],
  );
  const { number, prefix, suffix, padding } = next.rows[0];
  const date = sequenceDate ?? formatDatetime(env.now);
  return `${interpolate(prefix, date)}${String(number).padStart(padding, '0')}${interpolate(suffix, date)}`;
}

const nextByCodeMethod: MethodDefinition = {
  name: 'next_by_code',
  level: 'model',
  parameters: [required('sequence_code'), optional('sequence_date', null)],
  doc: "The next reference of the sequence with this code (of the user's company or of none), or false when there is none.",
  async run({ env, model, args }) {
    checkModelAccess(env, model, 'read');
    if (typeof args.sequence_code !== 'string')
      throw typeError(`'sequence_code' must be a string, got ${JSON.stringify(args.sequence_code)}`);
    return nextByCode(env.sudo(), args.sequence_code, typeof args.sequence_date === 'string' ? args.sequence_date : undefined);
  },
};

export const sequenceModel: ModelSpec = {
  name: 'ir.sequence',
  description: 'Sequence',
  order: 'name, id',
  fields: {
    name: fields.char('Name', { required: true }),
    code: fields.char('Sequence Code'),
    implementation: fields.selection(
      'Implementation',
      [
        ['standard', 'Standard'],
        ['no_gap', 'No gap'],
      ],
      { required: true, default: 'standard' },
    ),
    active: fields.boolean('Active', { default: true }),
    prefix: fields.char('Prefix', { help: 'Prefix value of the record for the sequence' }),
    suffix: fields.char('Suffix', { help: 'Suffix value of the record for the sequence' }),
    number_next: fields.integer('Next Number', { required: true, default: 1, help: 'Next number of this sequence' }),
    number_increment: fields.integer('Step', {
      required: true,
      default: 1,
      help: 'The next number of the sequence will be incremented by this number',
    }),
    padding: fields.integer('Sequence Size', {
      required: true,
      default: 0,
      help: 'Zeros are added on the left of the number up to this size',
    }),
    company_id: fields.many2one('res.company', 'Company', { default: (source) => source.companyId }),
  },
  methods: [nextByCodeMethod],
};
