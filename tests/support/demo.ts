// The fixed ids of the demo shop that supabase/seed.sql creates (supabase/SPEC.md §7), for tests that read
// the demo data. Tests that write should make their own shop (tests/support/shop.ts) so they never change
// what other test files rely on.
export const DEMO = {
  password: 'demo-password',
  companyId: 'd1000000-0000-4000-8000-000000000001',
  storeId: 'd2000000-0000-4000-8000-000000000001',
  terminalId: 'd3000000-0000-4000-8000-000000000001',
  /** Counter 1's simulated card reader (issue 20), held by the local stack's Stripe. */
  reader: {
    id: 'd7000000-0000-4000-8000-000000000001',
    stripeReaderId: 'tmr_DemoCounterReader0001',
    label: 'Counter reader',
    deviceType: 'simulated_wisepos_e',
  },
  users: {
    owner: { id: 'd0000000-0000-4000-8000-000000000001', email: 'owner@demo.test' },
    manager: { id: 'd0000000-0000-4000-8000-000000000002', email: 'manager@demo.test' },
    cashier: { id: 'd0000000-0000-4000-8000-000000000003', email: 'cashier@demo.test' },
  },
  /** Demo PINs (docs/shared-till.md): each member's staff id is their user id; Cara has no account. */
  pins: {
    owner: {
      staffId: 'd0000000-0000-4000-8000-000000000001',
      pin: '1111',
      salt: 'd5000000000000000000000000000001',
    },
    manager: {
      staffId: 'd0000000-0000-4000-8000-000000000002',
      pin: '2222',
      salt: 'd5000000000000000000000000000002',
    },
    cashier: {
      staffId: 'd0000000-0000-4000-8000-000000000003',
      pin: '3333',
      salt: 'd5000000000000000000000000000003',
    },
    cara: {
      staffId: 'd6000000-0000-4000-8000-000000000001',
      pin: '4444',
      salt: 'd5000000000000000000000000000004',
    },
  },
  /** The PIN-only demo cashier: a staff member of Demo Shop with no account. */
  cara: { staffId: 'd6000000-0000-4000-8000-000000000001', name: 'Cara', pin: '4444' },
  products: {
    espresso: {
      id: 'd4000000-0000-4000-8000-000000000001',
      sku: 'COF-ESP',
      barcode: '2000000000015',
      price: 250,
      cost: 60,
    },
    croissant: {
      id: 'd4000000-0000-4000-8000-000000000002',
      sku: 'BAK-CRO',
      barcode: '2000000000022',
      price: 180,
      cost: 70,
    },
    water: {
      id: 'd4000000-0000-4000-8000-000000000003',
      sku: 'DRK-SPW',
      barcode: '2000000000039',
      price: 120,
      cost: 40,
    },
    bananas: {
      id: 'd4000000-0000-4000-8000-000000000004',
      sku: 'FRU-BAN',
      barcode: '2000000000046',
      price: 199,
      cost: 90,
    },
    notebook: {
      id: 'd4000000-0000-4000-8000-000000000005',
      sku: 'STA-NBA5',
      barcode: '2000000000053',
      price: 490,
      cost: 180,
    },
  },
  /** The T-shirt and its variants, Size × Colour (issue 21, docs/catalogue-and-reports.md "Variants"). */
  tshirt: {
    id: 'd4000000-0000-4000-8000-000000000010',
    sku: 'TSH',
    optionNames: ['Size', 'Colour'],
    variants: [
      {
        id: 'd4000000-0000-4000-8000-000000000011',
        values: ['S', 'Blue'],
        sku: 'TSH-S-BLU',
        barcode: '4010000000012',
      },
      {
        id: 'd4000000-0000-4000-8000-000000000012',
        values: ['S', 'Black'],
        sku: 'TSH-S-BLA',
        barcode: '4010000000029',
      },
      {
        id: 'd4000000-0000-4000-8000-000000000013',
        values: ['M', 'Blue'],
        sku: 'TSH-M-BLU',
        barcode: '4010000000036',
      },
      {
        id: 'd4000000-0000-4000-8000-000000000014',
        values: ['M', 'Black'],
        sku: 'TSH-M-BLA',
        barcode: '4010000000043',
      },
      {
        id: 'd4000000-0000-4000-8000-000000000015',
        values: ['L', 'Blue'],
        sku: 'TSH-L-BLU',
        barcode: '4010000000050',
      },
      {
        id: 'd4000000-0000-4000-8000-000000000016',
        values: ['L', 'Black'],
        sku: 'TSH-L-BLA',
        barcode: '4010000000067',
      },
    ],
  },
  /** Customer value (issue 37, [VAL-36]): the demo gift cards and Alice Martin's accounts. */
  value: {
    giftCards: [
      { id: 'd4600000-0000-4000-8000-000000000001', code: 'GIFT-DEMO-0001', status: 'active', balance: 2500 },
      { id: 'd4600000-0000-4000-8000-000000000002', code: 'GIFT-DEMO-0002', status: 'active', balance: 3750 },
      { id: 'd4600000-0000-4000-8000-000000000003', code: 'GIFT-DEMO-0003', status: 'void', balance: 0 },
    ],
    alice: {
      customerId: 'd4700000-0000-4000-8000-000000000001',
      name: 'Alice Martin',
      creditLimit: 20000,
      owed: 4500,
      points: 350,
      storeCredit: 1000,
    },
  },
} as const;

export type DemoRole = keyof typeof DEMO.users;
