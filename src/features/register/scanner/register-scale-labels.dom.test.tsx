// [SCALE-4] [SCALE-6] Scanning the labels a scale printed: a price label rings up one pack at the label's
// price, a weight label the weighed product's weight; a label the register cannot ring up says what it read
// and what is missing; a product's own barcode in the 2x range still wins, and a 2x code the shop's scale does
// not use is an unknown barcode as before.
import '@testing-library/jest-dom/vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, expect, test, vi } from 'vitest';
import { makeEmbeddedBarcode } from '../../../domain/embedded-barcode';
import { RegisterScreen } from '../register-screen';
import { registerWorld, SCALE_LAYOUTS, withFakeLayout } from '../register-test-deps';

afterEach(cleanup);
vi.setConfig({ testTimeout: 20_000 });
withFakeLayout();

const [PRICE_LABELS, WEIGHT_LABELS] = SCALE_LAYOUTS as [(typeof SCALE_LAYOUTS)[0], (typeof SCALE_LAYOUTS)[0]];

function scan(code: string) {
  act(() => {
    for (const key of [...Array.from(code), 'Enter']) {
      document.body.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));
    }
  });
}

async function counter() {
  const world = await registerWorld({ scanner: { minLength: 6, maxGapMs: 250 } });
  render(<RegisterScreen deps={world.deps} />);
  await screen.findByText(/The cart is empty/);
  return world;
}

test('[SCALE-6] a price label on a weighed product rings up the weight that price buys, at the label’s price', async () => {
  await counter();
  scan(makeEmbeddedBarcode(PRICE_LABELS, '4', 235));
  // 2.35 at 1.99 / kg is 1.181 kg, and 1.181 kg at 1.99 comes back to 2.35: stock moves by the weight sold.
  expect(await screen.findByLabelText('Weight (kg) of Bananas')).toHaveValue('1.181');
  expect(screen.getByLabelText('Line total for Bananas')).toHaveTextContent('€2.35');
});

test('[SCALE-6] a weight label rings up the weight at the price per kg', async () => {
  await counter();
  scan(makeEmbeddedBarcode(WEIGHT_LABELS, '00004', 1255));
  expect(await screen.findByLabelText('Weight (kg) of Bananas')).toHaveValue('1.255');
  // 1.99 / kg × 1.255 kg = 2.49745 → 2.50 ([QTY-3]).
  expect(screen.getByLabelText('Line total for Bananas')).toHaveTextContent('€2.50');
});

test('[SCALE-4] a label nobody can ring up says what was read and what is missing', async () => {
  await counter();
  const unknown = makeEmbeddedBarcode(PRICE_LABELS, '99', 412);
  scan(unknown);
  expect(
    await screen.findByText(
      `Label ${unknown} is item 00099, €4.12, but no product has scale item code 00099. ` +
        'A manager gives the product that code in Products.',
    ),
  ).toBeInTheDocument();
  scan(makeEmbeddedBarcode(WEIGHT_LABELS, '70', 500));
  expect(
    await screen.findByText(/Apple tart is sold by the piece, but label 220007000500\d has a weight/),
  ).toBeInTheDocument();
  const misread = makeEmbeddedBarcode(PRICE_LABELS, '4', 235).replace(/7$/, '8');
  scan(misread);
  expect(
    await screen.findByText(`The label ${misread} did not scan correctly. Scan it again, or type the item.`),
  ).toBeInTheDocument();
  expect(screen.getByText(/The cart is empty/)).toBeInTheDocument();
});

test('a 2x code that is a product’s own barcode, or not a scale’s, is looked up as before', async () => {
  await counter();
  // Apple tart's own barcode starts 50; a code starting 20 is no layout of this shop: an unknown barcode.
  scan('2000000000046');
  expect(await screen.findByText(/2000000000046/)).toBeInTheDocument();
  expect(screen.queryByText(/did not scan correctly/)).not.toBeInTheDocument();
});
