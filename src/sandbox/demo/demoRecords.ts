// The demo data of a new sandbox database: countries, languages, groups, users and a hundred-odd partners.

export const COUNTRIES: ReadonlyArray<readonly [code: string, name: string, phoneCode: number]> = [
  ['AR', 'Argentina', 54],
  ['AU', 'Australia', 61],
  ['AT', 'Austria', 43],
  ['BE', 'Belgium', 32],
  ['BR', 'Brazil', 55],
  ['CA', 'Canada', 1],
  ['CN', 'China', 86],
  ['DK', 'Denmark', 45],
  ['FI', 'Finland', 358],
  ['FR', 'France', 33],
  ['DE', 'Germany', 49],
  ['GR', 'Greece', 30],
  ['IN', 'India', 91],
  ['IE', 'Ireland', 353],
  ['IT', 'Italy', 39],
  ['JP', 'Japan', 81],
  ['LU', 'Luxembourg', 352],
  ['MX', 'Mexico', 52],
  ['MA', 'Morocco', 212],
  ['NL', 'Netherlands', 31],
  ['NZ', 'New Zealand', 64],
  ['NO', 'Norway', 47],
  ['PL', 'Poland', 48],
  ['PT', 'Portugal', 351],
  ['SA', 'Saudi Arabia', 966],
  ['ZA', 'South Africa', 27],
  ['ES', 'Spain', 34],
  ['SE', 'Sweden', 46],
  ['CH', 'Switzerland', 41],
  ['TR', 'Türkiye', 90],
  ['AE', 'United Arab Emirates', 971],
  ['GB', 'United Kingdom', 44],
  ['US', 'United States', 1],
];

export interface DemoLang {
  code: string;
  name: string;
  iso: string;
  url: string;
  active: boolean;
  direction: 'ltr' | 'rtl';
  dateFormat: string;
}

export const LANGUAGES: readonly DemoLang[] = [
  { code: 'en_US', name: 'English (US)', iso: 'en', url: 'en', active: true, direction: 'ltr', dateFormat: '%m/%d/%Y' },
  { code: 'fr_FR', name: 'French / Français', iso: 'fr', url: 'fr', active: true, direction: 'ltr', dateFormat: '%d/%m/%Y' },
  {
    code: 'fr_BE',
    name: 'French (BE) / Français (BE)',
    iso: 'fr_BE',
    url: 'fr_BE',
    active: true,
    direction: 'ltr',
    dateFormat: '%d/%m/%Y',
  },
  {
    code: 'nl_BE',
    name: 'Dutch (BE) / Nederlands (BE)',
    iso: 'nl_BE',
    url: 'nl_BE',
    active: false,
    direction: 'ltr',
    dateFormat: '%d-%m-%Y',
  },
  { code: 'de_DE', name: 'German / Deutsch', iso: 'de', url: 'de', active: false, direction: 'ltr', dateFormat: '%d.%m.%Y' },
  { code: 'es_ES', name: 'Spanish / Español', iso: 'es', url: 'es', active: false, direction: 'ltr', dateFormat: '%d/%m/%Y' },
  { code: 'ar_001', name: 'Arabic / الْعَرَبيّة', iso: 'ar', url: 'ar', active: false, direction: 'rtl', dateFormat: '%d %b, %Y' },
  { code: 'ja_JP', name: 'Japanese / 日本語', iso: 'ja', url: 'ja', active: false, direction: 'ltr', dateFormat: '%Y年%m月%d日' },
];

/** French names of some countries and of the contact tags (translated fields: `name` of res.country and res.partner.category). */
export const FRENCH_COUNTRY_NAMES: Readonly<Record<string, string>> = {
  BE: 'Belgique',
  DE: 'Allemagne',
  ES: 'Espagne',
  GB: 'Royaume-Uni',
  IT: 'Italie',
  NL: 'Pays-Bas',
  CH: 'Suisse',
  US: 'États-Unis',
  JP: 'Japon',
  GR: 'Grèce',
};
export const FRENCH_CATEGORY_NAMES: Readonly<Record<string, string>> = {
  Customer: 'Client',
  Gold: 'Or',
  Platinum: 'Platine',
  Supplier: 'Fournisseur',
};

/** The privileges of the demo groups (19.0's res.groups.privilege) and the application (ir.module.category) of each. */
export const PRIVILEGES: ReadonlyArray<{ xmlId: string; name: string; application: { xmlId: string; name: string } }> = [
  {
    xmlId: 'sales_team.res_groups_privilege_sales',
    name: 'Sales',
    application: { xmlId: 'base.module_category_sales_sales', name: 'Sales' },
  },
  {
    xmlId: 'account.res_groups_privilege_accounting',
    name: 'Accounting',
    application: { xmlId: 'base.module_category_accounting_accounting', name: 'Accounting' },
  },
];

/**
 * Groups by external id (`module.name`); `privilege`: the external id of its privilege (the server shows such a group
 * as `<privilege> / <name>`); `apiKeyDays`: the longest key its users may make in the key wizard.
 */
export const GROUPS: ReadonlyArray<{
  xmlId: string;
  name: string;
  comment: string;
  share: boolean;
  privilege?: string;
  apiKeyDays?: number;
}> = [
  { xmlId: 'base.group_user', name: 'Role / User', comment: 'Internal users.', share: false, apiKeyDays: 90 },
  { xmlId: 'base.group_erp_manager', name: 'Access Rights', comment: 'Manage users, groups and companies.', share: false },
  {
    xmlId: 'base.group_system',
    name: 'Role / Administrator',
    comment: 'Settings administrators: every right, system parameters, API keys of all users.',
    share: false,
  },
  {
    xmlId: 'api_doc.group_allow_doc',
    name: 'Technical Documentation',
    comment: 'Reads the schema documents of /doc-bearer (settings administrators have it).',
    share: false,
  },
  { xmlId: 'base.group_public', name: 'Role / Public', comment: 'Public users (not logged in).', share: true },
  {
    xmlId: 'sandbox.group_api_contacts',
    name: 'API / Contacts (read only)',
    comment: 'Minimal rights for integration robots: read contacts, countries and languages.',
    share: true,
  },
  {
    xmlId: 'sales_team.group_sale_salesman',
    name: 'User: Own Documents Only',
    comment: 'Sells: their own quotations and orders and the unassigned ones.',
    share: false,
    privilege: 'sales_team.res_groups_privilege_sales',
  },
  {
    xmlId: 'sales_team.group_sale_salesman_all_leads',
    name: 'User: All Documents',
    comment: 'Sees and sells every quotation and order.',
    share: false,
    privilege: 'sales_team.res_groups_privilege_sales',
  },
  {
    xmlId: 'sales_team.group_sale_manager',
    name: 'Administrator',
    comment: 'Sales administrators: the product catalog, deleting quotations.',
    share: false,
    privilege: 'sales_team.res_groups_privilege_sales',
  },
  {
    xmlId: 'account.group_account_manager',
    name: 'Administrator',
    comment: 'Accounting administrators: they configure the taxes.',
    share: false,
    privilege: 'account.res_groups_privilege_accounting',
  },
];

export interface DemoUser {
  xmlId: string;
  login: string;
  name: string;
  email: string | false;
  password: string | null;
  groups: string[];
  share: boolean;
  active: boolean;
  tz: string | false;
  /** Works in every demo company (else the main company only). */
  allCompanies?: boolean;
}

/** The administrator sells, sees every order, configures the catalog and the taxes. */
const SALES_ADMIN_GROUPS = [
  'sales_team.group_sale_salesman',
  'sales_team.group_sale_salesman_all_leads',
  'sales_team.group_sale_manager',
  'account.group_account_manager',
];

/** Record 1 is the internal superuser; the others are the demo users of the test API and the documentation. */
export const USERS: readonly DemoUser[] = [
  {
    xmlId: 'base.user_root',
    login: '__system__',
    name: 'System',
    email: false,
    password: null,
    groups: ['base.group_user', 'base.group_erp_manager', 'base.group_system', 'api_doc.group_allow_doc'],
    share: false,
    active: false,
    tz: false,
    allCompanies: true,
  },
  {
    xmlId: 'base.user_admin',
    login: 'admin',
    name: 'Mitchell Admin',
    email: 'admin@example.com',
    password: 'admin',
    groups: ['base.group_user', 'base.group_erp_manager', 'base.group_system', 'api_doc.group_allow_doc', ...SALES_ADMIN_GROUPS],
    share: false,
    active: true,
    tz: 'Europe/Brussels',
    allCompanies: true,
  },
  {
    xmlId: 'base.user_demo',
    login: 'demo',
    name: 'Marc Demo',
    email: 'mark.brown23@example.com',
    password: 'demo',
    groups: ['base.group_user', 'sales_team.group_sale_salesman'],
    share: false,
    active: true,
    tz: 'Europe/Brussels',
  },
  {
    xmlId: 'sandbox.user_robot',
    login: 'robot',
    name: 'API Robot',
    email: false,
    password: null,
    groups: ['sandbox.group_api_contacts'],
    share: true,
    active: true,
    tz: false,
  },
];

/** The second company of the demo (multi-company record rules): its own partner and contacts, seen by admin only. */
export const SECOND_COMPANY = {
  name: 'My Company (Chicago)',
  email: 'chicago@yourcompany.com',
  phone: '+1 312 555 0100',
  street: '100 N Riverside Plaza',
  city: 'Chicago',
  zip: '60606',
  contacts: [
    ['Chicago Warehouse', 'Warehouse'],
    ['Rosa Delgado', 'Office Manager'],
  ] as ReadonlyArray<readonly [string, string]>,
};

export interface DemoCompany {
  name: string;
  city: string;
  country: string;
  street: string;
  zip: string;
  contacts: ReadonlyArray<readonly [name: string, job: string]>;
}

/** Customer companies and their contacts (unicode included on purpose). */
export const PARTNER_COMPANIES: readonly DemoCompany[] = [
  {
    name: 'Azure Interior',
    city: 'Fremont',
    country: 'US',
    street: '4557 De Silva St',
    zip: '94538',
    contacts: [
      ['Brandon Freeman', 'Creative Director'],
      ['Colleen Diaz', 'Business Executive'],
      ['Nicole Ford', 'Director'],
    ],
  },
  {
    name: 'Deco Addict',
    city: 'Pleasant Hill',
    country: 'US',
    street: '77 Santa Barbara Rd',
    zip: '94523',
    contacts: [
      ['Addison Olson', 'Purchase Manager'],
      ['Douglas Fletcher', 'Functional Consultant'],
      ['Floyd Steward', 'Analyst'],
    ],
  },
  {
    name: 'Gemini Furniture',
    city: 'Fairfield',
    country: 'US',
    street: '317 Fairchild Dr',
    zip: '94535',
    contacts: [
      ['Edwin Hansen', 'Marketing Manager'],
      ['Jesse Brown', 'Senior Consultant'],
      ['Oscar Morgan', 'Order Clerk'],
      ['Soham Palmer', 'Director'],
    ],
  },
  {
    name: 'Lumber Inc',
    city: 'Stockton',
    country: 'US',
    street: '1337 N San Joaquin St',
    zip: '95202',
    contacts: [['Lorraine Douglas', 'Functional Consultant']],
  },
  {
    name: 'Ready Mat',
    city: 'Tracy',
    country: 'US',
    street: '7500 W Linne Road',
    zip: '95304',
    contacts: [
      ['Billy Fox', 'Production Supervisor'],
      ['Edith Sanchez', 'Analyst'],
      ['Julie Richards', 'Financial Manager'],
      ['Kim Snyder', 'Senior Consultant'],
    ],
  },
  {
    name: 'The Jackson Group',
    city: 'Sacramento',
    country: 'US',
    street: '1611 Peony Dr',
    zip: '95814',
    contacts: [
      ['Gordon Owens', 'Sales Manager'],
      ['Toni Rhodes', 'Managing Partner'],
    ],
  },
  {
    name: 'Wood Corner',
    city: 'Turlock',
    country: 'US',
    street: '1839 Arbor Way',
    zip: '95380',
    contacts: [
      ['Willie Burke', 'Service Manager'],
      ['Ron Gibson', 'Director'],
      ['Tom Ruiz', 'Software Developer'],
    ],
  },
  {
    name: 'Société Générale de Café',
    city: 'Bruxelles',
    country: 'BE',
    street: 'Rue de la Loi 16',
    zip: '1000',
    contacts: [
      ['Amélie Lefèvre', 'Gérante'],
      ['François Dubœuf', 'Acheteur'],
      ['Hélène Rousseau', 'Comptable'],
    ],
  },
  {
    name: 'Brouwerij De Kroon',
    city: 'Leuven',
    country: 'BE',
    street: 'Naamsestraat 5',
    zip: '3000',
    contacts: [
      ['Pieter Janssens', 'Brouwmeester'],
      ['Sofie Peeters', 'Verkoop'],
    ],
  },
  {
    name: 'Chocolaterie Belle Étoile',
    city: 'Namur',
    country: 'BE',
    street: 'Rue de Fer 42',
    zip: '5000',
    contacts: [
      ['Céline Mertens', 'Directrice'],
      ['Jérôme Dupont', 'Chocolatier'],
    ],
  },
  {
    name: 'Müller & Söhne GmbH',
    city: 'München',
    country: 'DE',
    street: 'Leopoldstraße 12',
    zip: '80802',
    contacts: [
      ['Jürgen Müller', 'Geschäftsführer'],
      ['Änne Schröder', 'Einkauf'],
      ['Björn Weiß', 'Logistik'],
    ],
  },
  {
    name: 'Atelier Lumière SARL',
    city: 'Lyon',
    country: 'FR',
    street: '12 Rue de la République',
    zip: '69002',
    contacts: [
      ['Éloïse Bernard', 'Designer'],
      ['Gaël Martin', 'Commercial'],
    ],
  },
  {
    name: 'Tokyo Trading Co. 東京商事',
    city: '東京',
    country: 'JP',
    street: '千代田区丸の内1-1',
    zip: '100-0005',
    contacts: [
      ['佐藤 花子', '部長'],
      ['鈴木 一郎', '営業'],
    ],
  },
  {
    name: 'Nordic Fjord AS',
    city: 'Bergen',
    country: 'NO',
    street: 'Bryggen 7',
    zip: '5003',
    contacts: [
      ['Øystein Haugen', 'CEO'],
      ['Åse Nilsen', 'CFO'],
    ],
  },
  {
    name: 'Casa Azulejo S.L.',
    city: 'Sevilla',
    country: 'ES',
    street: 'Calle Betis 23',
    zip: '41010',
    contacts: [
      ['Begoña Núñez', 'Directora'],
      ['Íñigo Peña', 'Ventas'],
    ],
  },
  {
    name: 'Maple Leaf Supplies',
    city: 'Toronto',
    country: 'CA',
    street: '100 King St W',
    zip: 'M5X 1A9',
    contacts: [
      ['Chloe Tremblay', 'Buyer'],
      ['Liam Roy', 'Logistics'],
    ],
  },
  {
    name: 'Kangaroo Tools Pty',
    city: 'Sydney',
    country: 'AU',
    street: '1 Macquarie St',
    zip: '2000',
    contacts: [
      ['Olivia Smith', 'Owner'],
      ['Jack Wilson', 'Manager'],
    ],
  },
  {
    name: 'Mumbai Textiles Ltd',
    city: 'Mumbai',
    country: 'IN',
    street: 'Nariman Point 3',
    zip: '400021',
    contacts: [
      ['Priya Sharma', 'Director'],
      ['Rahul Verma', 'Accountant'],
    ],
  },
  {
    name: 'Al Noor Trading دار النور',
    city: 'Dubai',
    country: 'AE',
    street: 'Sheikh Zayed Rd 1',
    zip: '00000',
    contacts: [
      ['Fatima Al Zahra', 'Manager'],
      ['Omar Haddad', 'Sales'],
    ],
  },
  {
    name: 'Rio Verde Ltda',
    city: 'São Paulo',
    country: 'BR',
    street: 'Avenida Paulista 1000',
    zip: '01310-100',
    contacts: [
      ['João Silva', 'Gerente'],
      ['Ana Conceição', 'Compras'],
    ],
  },
  {
    name: 'Polar Bear Logistics',
    city: 'Helsinki',
    country: 'FI',
    street: 'Mannerheimintie 1',
    zip: '00100',
    contacts: [
      ['Mikko Virtanen', 'Dispatcher'],
      ['Aino Korhonen', 'HR'],
    ],
  },
  {
    name: 'Tulip Fields BV',
    city: 'Amsterdam',
    country: 'NL',
    street: 'Damrak 70',
    zip: '1012 LM',
    contacts: [
      ['Daan de Vries', 'Director'],
      ['Femke Bakker', 'Marketing'],
    ],
  },
];

/** People without a company. */
export const INDIVIDUALS: ReadonlyArray<readonly [name: string, city: string, country: string]> = [
  ['Mark Davis', 'Boston', 'US'],
  ['Sarah O’Connor', 'Dublin', 'IE'],
  ['Zoë Lambert', 'Liège', 'BE'],
  ['Łukasz Kowalski', 'Kraków', 'PL'],
  ['Nikos Papadopoulos', 'Αθήνα', 'GR'],
  ['Emma Johansson', 'Göteborg', 'SE'],
  ['Ayşe Yılmaz', 'İstanbul', 'TR'],
  ['Lars Jensen', 'København', 'DK'],
  ['Sipho Ndlovu', 'Johannesburg', 'ZA'],
  ['Aroha Ngata', 'Auckland', 'NZ'],
  ['Youssef Benali', 'Casablanca', 'MA'],
  ['Luca Rossi', 'Milano', 'IT'],
];

/** How many extra generated contacts the demo data has (so that there are well over 80 active partners). */
export const GENERATED_CONTACTS = 40;

/** Contact tags: [name, parent name or null, indexes of the customer companies (PARTNER_COMPANIES) that carry it]. */
export const PARTNER_CATEGORIES: ReadonlyArray<readonly [string, string | null, readonly number[]]> = [
  ['Customer', null, [0, 1, 2, 3, 4, 5]],
  ['Gold', 'Customer', [0, 1]],
  ['Platinum', 'Gold', [0]],
  ['Supplier', null, [4, 5, 6, 7]],
  ['Prospect', null, [8, 9, 10]],
];

/** Currencies: [code, full name, symbol, position, decimal places, active]. */
export const CURRENCIES: ReadonlyArray<readonly [string, string, string, 'before' | 'after', number, boolean]> = [
  ['USD', 'United States dollar', '$', 'before', 2, true],
  ['EUR', 'Euro', '€', 'after', 2, true],
  ['GBP', 'Pound sterling', '£', 'before', 2, false],
  ['JPY', 'Japanese yen', '¥', 'before', 0, false],
  ['CHF', 'Swiss franc', 'CHF', 'after', 2, false],
];

/** How many sandbox.wide records the demo database has. */
export const WIDE_RECORDS = 3;
