// Recorded answers of a server (fields_get, ir.model, name_search, res.lang, a model document) replayed to a real SchemaService.
import { Json2Error, TransportError } from '../../../src/core/client/clientErrors';
import { ServiceSchemaSource } from '../../../src/core/language';
import { type SchemaBackend, SchemaService } from '../../../src/core/schema/schemaService';
import { MemorySchemaStorage } from '../../../src/core/schema/schemaStorage';

type Fields = Record<string, Record<string, unknown>>;

export const FIELDS_GET: Record<string, Fields> = {
  'res.partner': {
    id: { type: 'integer', string: 'ID', readonly: true },
    name: { type: 'char', string: 'Name', required: true, help: "The contact's name." },
    display_name: { type: 'char', string: 'Display Name', readonly: true },
    email: { type: 'char', string: 'Email' },
    is_company: { type: 'boolean', string: 'Is a Company' },
    active: { type: 'boolean', string: 'Active' },
    credit_limit: { type: 'float', string: 'Credit Limit' },
    date: { type: 'date', string: 'Date' },
    create_date: { type: 'datetime', string: 'Created on', readonly: true },
    type: {
      type: 'selection',
      string: 'Address Type',
      selection: [
        ['contact', 'Contact'],
        ['invoice', 'Invoice Address'],
        ['delivery', 'Delivery Address'],
      ],
    },
    country_id: { type: 'many2one', string: 'Country', relation: 'res.country' },
    parent_id: { type: 'many2one', string: 'Related Company', relation: 'res.partner' },
    child_ids: { type: 'one2many', string: 'Contact', relation: 'res.partner' },
    user_id: { type: 'many2one', string: 'Salesperson', relation: 'res.users' },
    ref: { type: 'char', string: 'Reference', required: true },
  },
  'res.country': {
    id: { type: 'integer', string: 'ID', readonly: true },
    name: { type: 'char', string: 'Country Name', required: true },
    code: { type: 'char', string: 'Country Code', help: 'The ISO country code in two chars.' },
    currency_id: { type: 'many2one', string: 'Currency', relation: 'res.currency' },
    state_ids: { type: 'one2many', string: 'States', relation: 'res.country.state' },
  },
  'res.currency': {
    id: { type: 'integer', string: 'ID', readonly: true },
    name: { type: 'char', string: 'Currency', required: true },
    symbol: { type: 'char', string: 'Symbol', required: true },
    rounding: { type: 'float', string: 'Rounding Factor' },
  },
  'res.users': {
    id: { type: 'integer', string: 'ID', readonly: true },
    login: { type: 'char', string: 'Login', required: true },
    partner_id: { type: 'many2one', string: 'Related Partner', relation: 'res.partner', required: true },
  },
};

export const MODELS = [
  { model: 'res.partner', name: 'Contact', state: 'base' },
  { model: 'res.country', name: 'Country', state: 'base' },
  { model: 'res.currency', name: 'Currency', state: 'base' },
  { model: 'res.users', name: 'User', state: 'base' },
  { model: 'x_vehicle', name: 'Vehicle', state: 'manual' },
];

const COUNTRIES: Array<[number, string]> = [
  [21, 'Belgium'],
  [75, 'France'],
  [76, 'Germany'],
  [233, 'United States'],
];

/** The model document of res.partner (documents readable): its methods with real signatures. */
const PARTNER_DOCUMENT = {
  model: 'res.partner',
  name: 'Contact',
  doc: '',
  fields: FIELDS_GET['res.partner'],
  methods: {
    search_read: {
      signature: '(domain=None, fields=None, offset=0, limit=None, order=None)',
      parameters: {
        domain: { name: 'domain', default: null },
        fields: { name: 'fields', default: null },
        offset: { name: 'offset', default: 0 },
        limit: { name: 'limit', default: null },
        order: { name: 'order', default: null },
      },
      return: 'list[dict]',
      doc: 'Search and read in one call.',
      api: ['model', 'readonly'],
    },
    create: {
      signature: '(vals_list)',
      parameters: { vals_list: { name: 'vals_list', annotation: 'list[dict]' } },
      return: 'ids',
      doc: 'Create records.',
      api: ['model'],
    },
    address_get: {
      signature: '(adr_pref=None)',
      parameters: { adr_pref: { name: 'adr_pref', default: null, doc: 'address types wanted' } },
      return: 'dict',
      doc: 'Addresses of the contact.',
      api: [],
    },
  },
};

/** Answers like the server, counting every request; `offline` makes every request fail as a lost connection would. */
export class RecordedBackend implements SchemaBackend {
  readonly requests: string[] = [];
  offline = false;

  constructor(private readonly documents = false) {}

  getDocument(path: string): ReturnType<SchemaBackend['getDocument']> {
    this.requests.push(`GET ${path}`);
    if (this.offline)
      return Promise.reject(new TransportError('network', 'connect ECONNREFUSED', { code: 'ECONNREFUSED', maybeSent: false }));
    if (!this.documents) return Promise.reject(new Json2Error({ status: 403, kind: 'access', message: 'forbidden', target: path }));
    if (path === '/doc-bearer/index.json')
      return Promise.resolve({
        notModified: false,
        etag: '"i"',
        body: { modules: ['base'], models: MODELS.map(({ model, name }) => ({ model, name })) },
      });
    if (path === '/doc-bearer/res.partner.json') return Promise.resolve({ notModified: false, etag: '"p"', body: PARTNER_DOCUMENT });
    const model = decodeURIComponent(path.slice('/doc-bearer/'.length, -'.json'.length));
    if (FIELDS_GET[model])
      return Promise.resolve({
        notModified: false,
        etag: `"${model}"`,
        body: { model, name: model, doc: '', fields: FIELDS_GET[model], methods: {} },
      });
    return Promise.reject(new Json2Error({ status: 404, kind: 'notFound', message: 'no document', target: path }));
  }

  call<T>(model: string, method: string, args: Readonly<Record<string, unknown>> = {}): Promise<T> {
    this.requests.push(`POST ${model}/${method}`);
    if (this.offline)
      return Promise.reject(new TransportError('network', 'connect ECONNREFUSED', { code: 'ECONNREFUSED', maybeSent: false }));
    if (model === 'ir.model') return Promise.resolve(MODELS as T);
    if (model === 'res.lang')
      return Promise.resolve([
        { code: 'en_US', name: 'English (US)' },
        { code: 'fr_BE', name: 'French (BE)' },
      ] as T);
    if (method === 'name_search') {
      const text = String(args.name ?? '').toLowerCase();
      return Promise.resolve(COUNTRIES.filter(([, name]) => name.toLowerCase().includes(text)) as T);
    }
    if (method === 'fields_get' && FIELDS_GET[model]) return Promise.resolve(FIELDS_GET[model] as T);
    return Promise.reject(new Json2Error({ status: 404, kind: 'notFound', message: `the model '${model}' does not exist`, target: model }));
  }
}

/** A real schema service and language source over the recorded answers. */
export function recordedSource(options: { documents?: boolean } = {}): {
  backend: RecordedBackend;
  service: SchemaService;
  source: ServiceSchemaSource;
} {
  const backend = new RecordedBackend(options.documents ?? false);
  const service = new SchemaService({ backend, connectionId: 'recorded', database: 'demo', storage: new MemorySchemaStorage() });
  return { backend, service, source: new ServiceSchemaSource(service, backend) };
}

/** A file and an offset from a text whose cursor is marked with `‸`. */
export function cursorIn(text: string): { text: string; offset: number } {
  const offset = text.indexOf('‸');
  if (offset < 0) throw new Error('no cursor mark');
  return { text: text.slice(0, offset) + text.slice(offset + 1), offset };
}
