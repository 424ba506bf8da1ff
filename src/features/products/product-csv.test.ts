// The products CSV: columns by name, an error per bad row in words, duplicates within the file and against
// the catalog, create-or-update by SKU, export → import round trip, and 50,000 rows in reasonable time.
import { describe, expect, test } from 'vitest';
import type { MirrorProduct } from '../../data/local/mirror-db';
import { parseProductCsv, type CatalogCodes } from './product-csv';
import { productsToCsv } from './product-csv-export';

const EMPTY: CatalogCodes = { skus: new Set(), barcodes: new Map() };
const CATALOG: CatalogCodes = {
  skus: new Set(['cro-1', 'bag-1']),
  barcodes: new Map([
    ['4006381333931', { sku: 'cro-1', name: 'Croissant' }],
    ['3017620422003', { sku: 'bag-1', name: 'Baguette' }],
  ]),
};

describe('columns', () => {
  test('headers match by name in any order and any case', () => {
    const parsed = parseProductCsv('Name,PRICE,Sku\nTea,2.50,TEA-1\n', 'EUR', EMPTY);
    expect(parsed.errors).toEqual([]);
    expect(parsed.columns).toEqual(['name', 'price', 'sku']);
    expect(parsed.rows).toEqual([{ row: 2, sku: 'TEA-1', name: 'Tea', price: 250 }]);
  });

  test('unknown and missing columns are named, with every column the import reads', () => {
    const parsed = parseProductCsv('sku,title,colour\nA,B,1\n', 'EUR', EMPTY);
    expect(parsed.rows).toEqual([]);
    expect(parsed.errors).toEqual([
      'Unknown column "title": the columns are sku, name, price, barcode, category, tax_rate, track_stock, reorder_level, cost, parent_sku, option1_name, option1_value, option2_name, option2_value, option3_name, option3_value, scale_code, supplier.',
      'Unknown column "colour": the columns are sku, name, price, barcode, category, tax_rate, track_stock, reorder_level, cost, parent_sku, option1_name, option1_value, option2_name, option2_value, option3_name, option3_value, scale_code, supplier.',
      'The file has no "name" column (needed: sku, name, price).',
      'The file has no "price" column (needed: sku, name, price).',
    ]);
  });

  test('an empty file and a file with only a header say so', () => {
    expect(parseProductCsv('', 'EUR', EMPTY).errors).toEqual([
      'The file is empty: the first row must name the columns.',
    ]);
    expect(parseProductCsv('sku,name,price\n', 'EUR', EMPTY).errors).toEqual([
      'The file has a header but no rows.',
    ]);
  });

  test('a row with the wrong number of cells is named', () => {
    const parsed = parseProductCsv('sku,name,price\nA,Apple\n', 'EUR', EMPTY);
    expect(parsed.errors).toEqual(['Row 2: has 2 cells but the header has 3.']);
  });
});

describe('bad values', () => {
  const file = [
    'sku,name,price,barcode,tax_rate,track_stock,reorder_level',
    'A,Apple,1.20,,20,true,5',
    'B,Bread,abc,,20,yes,',
    'C,,1,,20,no,',
    'D,Dates,-1,,20,1,',
    'E,Eggs,1,has space,120,maybe,-2',
    'F,Figs,1.234,,5.5,,1.5',
    ',Grapes,1,,0,,',
  ].join('\n');

  test('every bad row gets its own error in words, in row order', () => {
    const parsed = parseProductCsv(file, 'EUR', EMPTY);
    expect(parsed.errors).toEqual([
      'Row 3: price "abc" is not a number.',
      'Row 4: name is empty.',
      'Row 5: price cannot be negative.',
      'Row 6: barcode "has space" must be 1 to 64 letters, digits or signs, without spaces.',
      'Row 6: tax rate "120" is over 100 %.',
      'Row 6: track_stock "maybe" is not true or false.',
      'Row 6: reorder level cannot be negative.',
      'Row 7: EUR amounts have at most 2 decimals.',
      'Row 8: SKU is empty (every row needs one).',
    ]);
    expect(parsed.rows).toEqual([
      {
        row: 2,
        sku: 'A',
        name: 'Apple',
        price: 120,
        barcode: null,
        tax_rate_bp: 2000,
        track_stock: true,
        reorder_level: '5',
      },
    ]);
  });
});

describe('duplicates and create-or-update', () => {
  test('duplicate SKUs (any case) and barcodes within the file are named with the first row', () => {
    const parsed = parseProductCsv(
      'sku,name,price,barcode\nA,One,1,111\na,Two,1,222\nB,Three,1,111\n',
      'EUR',
      EMPTY,
    );
    expect(parsed.errors).toEqual([
      'Row 3: SKU "a" is also on row 2.',
      'Row 4: barcode "111" is also on row 2.',
    ]);
  });

  test('a barcode another catalog product holds is refused, unless the file moves it off that product', () => {
    const taken = parseProductCsv('sku,name,price,barcode\nNEW,New,1,4006381333931\n', 'EUR', CATALOG);
    expect(taken.errors).toEqual(['Row 2: barcode "4006381333931" already belongs to "Croissant".']);
    const swapped = parseProductCsv(
      'sku,name,price,barcode\nNEW,New,1,4006381333931\nCRO-1,Croissant,2.5,999\n',
      'EUR',
      CATALOG,
    );
    expect(swapped.errors).toEqual([]);
  });

  test('a known SKU (any case) updates, a new one creates', () => {
    const parsed = parseProductCsv('sku,name,price\ncro-1,Croissant,2.60\nNEW,New,1\n', 'EUR', CATALOG);
    expect(parsed.actions).toEqual(['update', 'create']);
  });
});

describe('export', () => {
  const product = (fields: Partial<MirrorProduct>): MirrorProduct => ({
    id: crypto.randomUUID(),
    company_id: 'c',
    category_id: 'cat-1',
    sku: 'CRO-1',
    barcode: '4006381333931',
    name: 'Croissant, butter',
    price: 250,
    tax_rate_bp: 550,
    track_stock: true,
    active: true,
    weighed: false,
    reorder_level: 1.5,
    cost: 95,
    ...fields,
  });

  test('export → import round-trips every column', () => {
    const products = [
      product({}),
      product({ sku: 'TEA', barcode: null, category_id: null, reorder_level: null, cost: null }),
    ];
    const csv = productsToCsv(products, (id) => (id === 'cat-1' ? 'Bakery "fresh"' : ''), 'EUR');
    expect(csv.split('\n')[0]).toBe(
      'sku,name,price,barcode,category,tax_rate,track_stock,reorder_level,cost',
    );
    const parsed = parseProductCsv(csv, 'EUR', EMPTY);
    expect(parsed.errors).toEqual([]);
    expect(parsed.rows).toEqual([
      {
        row: 2,
        sku: 'CRO-1',
        name: 'Croissant, butter',
        price: 250,
        barcode: '4006381333931',
        category: 'Bakery "fresh"',
        tax_rate_bp: 550,
        track_stock: true,
        reorder_level: '1.5',
        cost: 95,
      },
      {
        row: 3,
        sku: 'TEA',
        name: 'Croissant, butter',
        price: 250,
        barcode: null,
        category: null,
        tax_rate_bp: 550,
        track_stock: true,
        reorder_level: null,
        cost: null,
      },
    ]);
  });

  test('[IMP-7] export → import round-trips variants: their parent SKU and option names and values', () => {
    const parent = product({ sku: 'TSH', barcode: null, name: 'T-shirt', option_names: ['Size', 'Colour'] });
    const variant = product({
      sku: 'TSH-M-BLU',
      barcode: '4010000000036',
      name: 'T-shirt M / Blue',
      variant_of: parent.id,
      option_values: ['M', 'Blue'],
    });
    const byId = new Map([parent, variant].map((p) => [p.id, p]));
    const csv = productsToCsv(
      [parent, variant],
      () => 'Clothing',
      'EUR',
      (id) => byId.get(id),
    );
    expect(csv.split('\n')[0]).toBe(
      'sku,name,price,barcode,category,tax_rate,track_stock,reorder_level,cost,' +
        'parent_sku,option1_name,option1_value,option2_name,option2_value,option3_name,option3_value',
    );
    const parsed = parseProductCsv(csv, 'EUR', EMPTY);
    expect(parsed.errors).toEqual([]);
    expect(parsed.rows[0]).not.toHaveProperty('parent_sku');
    expect(parsed.rows[1]).toEqual({
      row: 3,
      sku: 'TSH-M-BLU',
      name: 'T-shirt M / Blue',
      price: 250,
      barcode: '4010000000036',
      category: 'Clothing',
      tax_rate_bp: 550,
      track_stock: true,
      reorder_level: '1.5',
      cost: 95,
      parent_sku: 'TSH',
      option1_name: 'Size',
      option1_value: 'M',
      option2_name: 'Colour',
      option2_value: 'Blue',
    });
  });

  test('[IMP-8] export → import round-trips scale item codes, and a code that is not 1 to 6 digits is refused', () => {
    const bananas = product({ sku: 'BAN', name: 'Bananas', scale_code: '00004' });
    const tea = product({ sku: 'TEA', barcode: null, scale_code: null });
    const csv = productsToCsv([bananas, tea], () => '', 'EUR');
    expect(csv.split('\n')[0]).toBe(
      'sku,name,price,barcode,category,tax_rate,track_stock,reorder_level,cost,scale_code',
    );
    const parsed = parseProductCsv(csv, 'EUR', EMPTY);
    expect(parsed.errors).toEqual([]);
    expect(parsed.rows.map((row) => [row.sku, row.scale_code])).toEqual([
      ['BAN', '00004'],
      ['TEA', null],
    ]);
    expect(parseProductCsv('sku,name,price,scale_code\nBAN,Bananas,2,12a\n', 'EUR', EMPTY).errors).toEqual([
      'Row 2: scale item code "12a" must be 1 to 6 digits, as the scale prints it.',
    ]);
  });

  test('[IMP-9] export → import round-trips suppliers by name; without the names there is no supplier column', () => {
    const bananas = product({ sku: 'BAN', name: 'Bananas', supplier_id: 'fresh' });
    const tea = product({ sku: 'TEA', barcode: null, supplier_id: null });
    const names = new Map([['fresh', 'Fresh Fields Produce']]);
    const csv = productsToCsv(
      [bananas, tea],
      () => '',
      'EUR',
      undefined,
      (id) => names.get(id),
    );
    expect(csv.split('\n')[0]).toBe(
      'sku,name,price,barcode,category,tax_rate,track_stock,reorder_level,cost,supplier',
    );
    const parsed = parseProductCsv(csv, 'EUR', EMPTY);
    expect(parsed.errors).toEqual([]);
    expect(parsed.rows.map((row) => [row.sku, row.supplier])).toEqual([
      ['BAN', 'Fresh Fields Produce'],
      ['TEA', null],
    ]);
    expect(productsToCsv([bananas, tea], () => '', 'EUR').split('\n')[0]).not.toContain('supplier');
    expect(
      parseProductCsv(`sku,name,price,supplier\nBAN,Bananas,2,${'x'.repeat(121)}\n`, 'EUR', EMPTY).errors,
    ).toEqual(['Row 2: supplier name is longer than 120 characters.']);
  });

  test('[IMP-7] a variant row needs a name and a value for each option it names', () => {
    const parsed = parseProductCsv(
      'sku,name,price,parent_sku,option1_name,option1_value\nA,Tee S,2,TSH,Size,\nB,Tee M,2,TSH,,\n',
      'EUR',
      EMPTY,
    );
    expect(parsed.errors).toEqual([
      'Row 2: option1 needs both a name and a value.',
      'Row 2: a row with a parent_sku needs option1_name and option1_value.',
      'Row 3: a row with a parent_sku needs option1_name and option1_value.',
    ]);
  });

  test('[COST-1] a cost is an amount like the price; an empty cell is none, a bad one is named', () => {
    const parsed = parseProductCsv(
      'sku,name,price,cost\nA,Tea,2.50,"1,10"\nB,Jam,3,\nC,Pie,4,-1\n',
      'EUR',
      EMPTY,
    );
    expect(parsed.rows.map((row) => row.cost)).toEqual([110, null]);
    expect(parsed.errors).toEqual(['Row 4: cost cannot be negative.']);
  });
});

test('[CSV-1] names and codes that look like formulas are escaped on export and come back exactly on import', () => {
  const hostile = [
    { sku: '-SKU', name: '=HYPERLINK("http://x","y")' },
    { sku: '@A', name: "'=quoted already" },
    { sku: 'B+', name: '+33 cheese' },
  ];
  const base = {
    id: 'p',
    company_id: 'c',
    price: 250,
    barcode: null,
    category_id: null,
    tax_rate_bp: 550,
    track_stock: true,
    active: true,
    weighed: false,
    reorder_level: null,
  };
  const csv = productsToCsv(
    hostile.map((fields, i) => ({ ...base, id: `p${String(i)}`, ...fields })),
    () => '',
    'EUR',
  );
  expect(csv).toContain(`'=HYPERLINK`);
  expect(csv).not.toMatch(/(^|,)"?[=+@-]/m);
  const parsed = parseProductCsv(csv, 'EUR', EMPTY);
  expect(parsed.errors).toEqual([]);
  expect(parsed.rows.map((row) => [row.sku, row.name])).toEqual(hostile.map((row) => [row.sku, row.name]));
});

test('50,000 rows parse in reasonable time', () => {
  const lines = ['sku,name,price,barcode,category,tax_rate,track_stock,reorder_level'];
  for (let i = 0; i < 50_000; i += 1) {
    lines.push(
      `SKU-${i},Product ${i},${(i % 900) + 1}.99,77${String(i).padStart(8, '0')},Group ${i % 20},20,true,5`,
    );
  }
  const started = performance.now();
  const parsed = parseProductCsv(lines.join('\n'), 'EUR', EMPTY);
  const elapsed = performance.now() - started;
  expect(parsed.errors).toEqual([]);
  expect(parsed.rows).toHaveLength(50_000);
  expect(parsed.rows[49_999]).toMatchObject({ row: 50_001, sku: 'SKU-49999', price: 50_099 });
  // About half a second on a quiet machine; the bound leaves room for a loaded CI box.
  expect(elapsed).toBeLessThan(10_000);
});
