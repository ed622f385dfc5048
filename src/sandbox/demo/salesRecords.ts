// The sales data of a new sandbox database: units, taxes and the order sequence (reference data, in every database),
// then product categories, products and two dozen orders in every state and two currencies (demo data).

/** Units: [external id, name, relative factor, reference unit's external id or null]. */
export const UNITS: ReadonlyArray<readonly [string, string, number, string | null]> = [
  ['uom.product_uom_unit', 'Units', 1, null],
  ['uom.product_uom_dozen', 'Dozens', 12, 'uom.product_uom_unit'],
  ['uom.product_uom_kgm', 'kg', 1, null],
  ['uom.product_uom_gram', 'g', 0.001, 'uom.product_uom_kgm'],
  ['uom.product_uom_hour', 'Hours', 1, null],
  ['uom.product_uom_day', 'Days', 8, 'uom.product_uom_hour'],
  ['uom.product_uom_meter', 'm', 1, null],
  ['uom.product_uom_km', 'km', 1000, 'uom.product_uom_meter'],
];

/** Taxes, all percentages excluded from the price: [external id, name, use, amount, invoice label]. */
export const TAXES: ReadonlyArray<readonly [string, string, 'sale' | 'purchase', number, string]> = [
  ['account.tax_sale_15', '15%', 'sale', 15, '15%'],
  ['account.tax_purchase_15', '15%', 'purchase', 15, '15%'],
  ['account.tax_sale_21', '21%', 'sale', 21, 'VAT 21%'],
  ['account.tax_sale_6', '6%', 'sale', 6, 'VAT 6%'],
  ['account.tax_sale_0', '0% Exempt', 'sale', 0, 'Exempt'],
];

/** The tax new products get, and the one on the lines of orders in euros. */
export const DEFAULT_SALE_TAX = 'account.tax_sale_15';
export const EURO_SALE_TAX = 'account.tax_sale_21';

/** Categories: [external id, name, parent's external id or null]; "All" is reference data, the others demo data. */
export const CATEGORIES: ReadonlyArray<readonly [string, string, string | null]> = [
  ['product.product_category_all', 'All', null],
  ['product.product_category_saleable', 'Saleable', 'product.product_category_all'],
  ['product.product_category_furniture', 'Office Furniture', 'product.product_category_saleable'],
  ['product.product_category_services', 'Services', 'product.product_category_saleable'],
  ['product.product_category_supplies', 'Supplies', 'product.product_category_all'],
];

export interface DemoProduct {
  code: string;
  name: string;
  type: 'consu' | 'service';
  category: string;
  price: number;
  cost: number;
  unit: string;
  barcode?: string;
  description?: string;
  saleOk?: boolean;
  active?: boolean;
}

export const PRODUCTS: readonly DemoProduct[] = [
  {
    code: 'FURN_0001',
    name: 'Office Chair',
    type: 'consu',
    category: 'product.product_category_furniture',
    price: 70,
    cost: 55,
    unit: 'uom.product_uom_unit',
    barcode: '5400000000017',
    description: 'Ergonomic chair with adjustable armrests.',
  },
  {
    code: 'FURN_0002',
    name: 'Corner Desk Right Sit',
    type: 'consu',
    category: 'product.product_category_furniture',
    price: 147,
    cost: 120,
    unit: 'uom.product_uom_unit',
    barcode: '5400000000024',
  },
  {
    code: 'FURN_0003',
    name: 'Large Cabinet',
    type: 'consu',
    category: 'product.product_category_furniture',
    price: 320,
    cost: 250,
    unit: 'uom.product_uom_unit',
    barcode: '5400000000031',
  },
  {
    code: 'FURN_0004',
    name: 'Drawer Black',
    type: 'consu',
    category: 'product.product_category_furniture',
    price: 25,
    cost: 18.5,
    unit: 'uom.product_uom_unit',
    barcode: '5400000000048',
  },
  {
    code: 'FURN_0005',
    name: 'Desk Combination',
    type: 'consu',
    category: 'product.product_category_furniture',
    price: 450,
    cost: 300,
    unit: 'uom.product_uom_unit',
    description: 'Desk, chair and drawer, delivered together.',
  },
  {
    code: 'FURN_0006',
    name: 'Conference Chair',
    type: 'consu',
    category: 'product.product_category_furniture',
    price: 33,
    cost: 28,
    unit: 'uom.product_uom_unit',
  },
  {
    code: 'FURN_0007',
    name: 'Acoustic Bloc Screens',
    type: 'consu',
    category: 'product.product_category_furniture',
    price: 295,
    cost: 240,
    unit: 'uom.product_uom_unit',
  },
  {
    code: 'FURN_0008',
    name: 'Large Meeting Table',
    type: 'consu',
    category: 'product.product_category_furniture',
    price: 1799,
    cost: 1400,
    unit: 'uom.product_uom_unit',
  },
  {
    code: 'FURN_0009',
    name: 'Étagère murale « Lumière »',
    type: 'consu',
    category: 'product.product_category_furniture',
    price: 89.9,
    cost: 60,
    unit: 'uom.product_uom_unit',
  },
  {
    code: 'SUPP_0001',
    name: 'Ballpoint Pens (box)',
    type: 'consu',
    category: 'product.product_category_supplies',
    price: 12.5,
    cost: 7,
    unit: 'uom.product_uom_dozen',
  },
  {
    code: 'SUPP_0002',
    name: 'Cable Management Kit',
    type: 'consu',
    category: 'product.product_category_supplies',
    price: 12.5,
    cost: 8,
    unit: 'uom.product_uom_unit',
  },
  {
    code: 'SUPP_0003',
    name: 'Packing Materials',
    type: 'consu',
    category: 'product.product_category_supplies',
    price: 4,
    cost: 2.5,
    unit: 'uom.product_uom_kgm',
    saleOk: false,
  },
  {
    code: 'SUPP_0004',
    name: 'Desk Lamp (discontinued)',
    type: 'consu',
    category: 'product.product_category_supplies',
    price: 35,
    cost: 20,
    unit: 'uom.product_uom_unit',
    active: false,
  },
  {
    code: 'SERV_0001',
    name: 'Virtual Interior Design',
    type: 'service',
    category: 'product.product_category_services',
    price: 30,
    cost: 20,
    unit: 'uom.product_uom_hour',
  },
  {
    code: 'SERV_0002',
    name: 'Furniture Assembly',
    type: 'service',
    category: 'product.product_category_services',
    price: 45,
    cost: 30,
    unit: 'uom.product_uom_hour',
  },
  {
    code: 'SERV_0003',
    name: 'On-site Consultation',
    type: 'service',
    category: 'product.product_category_services',
    price: 600,
    cost: 400,
    unit: 'uom.product_uom_day',
  },
  {
    code: 'DELI_0001',
    name: 'Standard Delivery',
    type: 'service',
    category: 'product.product_category_saleable',
    price: 10,
    cost: 8,
    unit: 'uom.product_uom_unit',
  },
];

/** A demo order line: [product code, quantity, discount %] or a section title. */
export type DemoLine = readonly [code: string, quantity: number, discount?: number] | { section: string };

export interface DemoOrder {
  customer: string;
  date: string;
  state: 'draft' | 'sent' | 'sale' | 'cancel';
  currency: 'USD' | 'EUR';
  salesperson: 'admin' | 'demo' | null;
  reference?: string;
  lines: readonly DemoLine[];
}

/** 24 orders: 9 quotations, 4 sent, 8 confirmed, 3 cancelled; in dollars and in euros; for admin, Marc Demo or nobody. */
export const ORDERS: readonly DemoOrder[] = [
  {
    customer: 'Azure Interior',
    date: '2025-01-06 09:15:00',
    state: 'sale',
    currency: 'USD',
    salesperson: 'admin',
    reference: 'PO-AZ-1001',
    lines: [
      ['FURN_0001', 4],
      ['FURN_0002', 2],
      ['DELI_0001', 1],
    ],
  },
  {
    customer: 'Deco Addict',
    date: '2025-01-13 14:00:00',
    state: 'sale',
    currency: 'USD',
    salesperson: 'demo',
    lines: [
      ['FURN_0005', 3, 10],
      ['SERV_0002', 6],
    ],
  },
  {
    customer: 'Gemini Furniture',
    date: '2025-01-20 10:30:00',
    state: 'cancel',
    currency: 'USD',
    salesperson: 'admin',
    lines: [['FURN_0008', 1]],
  },
  {
    customer: 'Lumber Inc',
    date: '2025-02-03 08:45:00',
    state: 'sale',
    currency: 'USD',
    salesperson: 'demo',
    reference: 'LI-2025-07',
    lines: [
      ['FURN_0004', 12],
      ['SUPP_0002', 12],
      ['SUPP_0001', 2],
    ],
  },
  {
    customer: 'Ready Mat',
    date: '2025-02-17 16:20:00',
    state: 'sent',
    currency: 'USD',
    salesperson: 'demo',
    lines: [
      ['FURN_0003', 2],
      ['FURN_0006', 10, 5],
    ],
  },
  {
    customer: 'Société Générale de Café',
    date: '2025-02-24 11:00:00',
    state: 'sale',
    currency: 'EUR',
    salesperson: 'admin',
    lines: [{ section: 'Salle de réunion' }, ['FURN_0008', 1], ['FURN_0006', 8], { section: 'Services' }, ['SERV_0003', 1]],
  },
  {
    customer: 'Brouwerij De Kroon',
    date: '2025-03-05 13:10:00',
    state: 'draft',
    currency: 'EUR',
    salesperson: 'demo',
    lines: [
      ['FURN_0007', 4],
      ['SERV_0001', 10],
    ],
  },
  {
    customer: 'Müller & Söhne GmbH',
    date: '2025-03-12 09:00:00',
    state: 'sale',
    currency: 'EUR',
    salesperson: 'admin',
    reference: 'Bestellung 4711',
    lines: [
      ['FURN_0001', 20, 12.5],
      ['FURN_0004', 20],
    ],
  },
  {
    customer: 'The Jackson Group',
    date: '2025-03-19 15:30:00',
    state: 'draft',
    currency: 'USD',
    salesperson: null,
    lines: [['FURN_0002', 1]],
  },
  {
    customer: 'Wood Corner',
    date: '2025-04-01 10:00:00',
    state: 'sent',
    currency: 'USD',
    salesperson: 'admin',
    lines: [
      ['FURN_0005', 1],
      ['SERV_0002', 3],
      ['DELI_0001', 1],
    ],
  },
  {
    customer: 'Atelier Lumière SARL',
    date: '2025-04-09 14:45:00',
    state: 'sale',
    currency: 'EUR',
    salesperson: 'demo',
    lines: [
      ['FURN_0009', 6],
      ['SERV_0001', 4],
    ],
  },
  {
    customer: 'Casa Azulejo S.L.',
    date: '2025-04-23 12:00:00',
    state: 'cancel',
    currency: 'EUR',
    salesperson: 'demo',
    lines: [['FURN_0003', 1]],
  },
  {
    customer: 'Maple Leaf Supplies',
    date: '2025-05-06 09:30:00',
    state: 'draft',
    currency: 'USD',
    salesperson: 'demo',
    lines: [
      ['SUPP_0001', 10],
      ['SUPP_0002', 25],
    ],
  },
  {
    customer: 'Tokyo Trading Co. 東京商事',
    date: '2025-05-14 03:00:00',
    state: 'sale',
    currency: 'USD',
    salesperson: 'admin',
    lines: [
      ['FURN_0007', 12, 8],
      ['SERV_0003', 2],
    ],
  },
  {
    customer: 'Nordic Fjord AS',
    date: '2025-05-27 07:45:00',
    state: 'draft',
    currency: 'EUR',
    salesperson: null,
    lines: [
      ['FURN_0001', 2],
      ['FURN_0006', 4],
    ],
  },
  {
    customer: 'Tulip Fields BV',
    date: '2025-06-04 10:15:00',
    state: 'sent',
    currency: 'EUR',
    salesperson: 'admin',
    lines: [
      ['FURN_0002', 3],
      ['DELI_0001', 1],
    ],
  },
  {
    customer: 'Kangaroo Tools Pty',
    date: '2025-06-18 23:30:00',
    state: 'sale',
    currency: 'USD',
    salesperson: 'demo',
    lines: [
      ['FURN_0004', 6],
      ['SUPP_0002', 6],
    ],
  },
  {
    customer: 'Polar Bear Logistics',
    date: '2025-07-02 08:00:00',
    state: 'draft',
    currency: 'EUR',
    salesperson: 'demo',
    lines: [
      ['SERV_0002', 16],
      ['FURN_0003', 3],
    ],
  },
  {
    customer: 'Rio Verde Ltda',
    date: '2025-07-16 17:00:00',
    state: 'cancel',
    currency: 'USD',
    salesperson: 'admin',
    lines: [['FURN_0005', 2]],
  },
  {
    customer: 'Al Noor Trading دار النور',
    date: '2025-08-05 06:30:00',
    state: 'sent',
    currency: 'USD',
    salesperson: 'admin',
    lines: [
      ['FURN_0008', 2],
      ['SERV_0003', 1],
    ],
  },
  {
    customer: 'Mumbai Textiles Ltd',
    date: '2025-08-20 05:15:00',
    state: 'draft',
    currency: 'USD',
    salesperson: 'demo',
    lines: [['FURN_0006', 24, 15]],
  },
  {
    customer: 'Chocolaterie Belle Étoile',
    date: '2025-09-03 10:40:00',
    state: 'draft',
    currency: 'EUR',
    salesperson: 'admin',
    lines: [
      ['FURN_0009', 2],
      ['SUPP_0001', 1],
    ],
  },
  {
    customer: 'Azure Interior',
    date: '2025-09-17 13:20:00',
    state: 'draft',
    currency: 'USD',
    salesperson: 'admin',
    lines: [
      ['SERV_0001', 8],
      ['FURN_0007', 2],
    ],
  },
  { customer: 'Deco Addict', date: '2025-10-01 09:05:00', state: 'draft', currency: 'USD', salesperson: 'demo', lines: [['FURN_0001', 1]] },
];
