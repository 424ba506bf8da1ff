// Issue 36 at the counter: deals apply as items are added, each line says what it got, the cart says 'You
// saved'; a coupon is checked offline and refused in words, the cart unchanged; a deal can be taken off and put
// back; parking keeps both; 'Complete sale' sends what the engine applied.
import '@testing-library/jest-dom/vitest';
import { afterEach, describe, expect, test } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { i18n } from '@lingui/core';
import { loadMessages } from '../../../lib/i18n/catalogs';
import { RegisterScreen } from '../register-screen';
import {
  registerWorld,
  TWO_CROISSANTS,
  WELCOME,
  withFakeLayout,
  withPromotions,
} from '../register-test-deps';

afterEach(() => {
  cleanup();
  i18n.activate('en');
});
withFakeLayout();

async function openWithDeals(options: Parameters<typeof registerWorld>[0] = {}) {
  const world = await registerWorld(options);
  await withPromotions(world.mirror);
  render(<RegisterScreen deps={world.deps} />);
  await screen.findByText(/The cart is empty/);
  return world;
}

async function twoCroissants(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: /^Croissant/ }));
  expect(screen.queryByText('You saved')).not.toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'One more Croissant' }));
}

const total = () => screen.getByTestId('cart-total');

/**
 * Pasted into the field, then Enter: keys typed in a test can read as a scanner's burst on a busy machine (a
 * scanned coupon is tried too, in the test below), and this one is about the field.
 */
async function coupon(user: ReturnType<typeof userEvent.setup>, code: string) {
  const field = screen.getByLabelText('Coupon');
  await user.clear(field);
  await user.click(field);
  await user.paste(code);
  await user.keyboard('{Enter}');
}

describe('promotions at the counter', () => {
  test('[PROMO-T2] a deal applies as items are added: named on its line, the cart says You saved', async () => {
    await openWithDeals();
    const user = userEvent.setup();
    await twoCroissants(user);
    const deals = await screen.findByRole('list', { name: 'Deals on this line' });
    expect(within(deals).getByText('2 croissants for €4')).toBeVisible();
    expect(within(deals).getByText('−€1.00')).toBeVisible();
    expect(screen.getByText('You saved')).toBeVisible();
    expect(screen.getByTestId('cart-saved')).toHaveTextContent('€1.00');
    expect(total()).toHaveTextContent('€4.00');
    // One croissant less: the deal goes, and so does 'You saved'.
    await user.click(screen.getByRole('button', { name: 'One less Croissant' }));
    expect(screen.queryByText('You saved')).not.toBeInTheDocument();
    expect(total()).toHaveTextContent('€2.50');
  });

  test('[PROMO-3] the cashier takes a deal off the sale and puts it back', async () => {
    await openWithDeals();
    const user = userEvent.setup();
    await twoCroissants(user);
    await user.click(await screen.findByRole('button', { name: 'Take 2 croissants for €4 off this sale' }));
    expect(total()).toHaveTextContent('€5.00');
    const off = screen.getByRole('list', { name: 'Deals taken off this sale' });
    expect(within(off).getByText('2 croissants for €4 — taken off')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Put 2 croissants for €4 back on this sale' }));
    expect(total()).toHaveTextContent('€4.00');
    expect(screen.queryByRole('list', { name: 'Deals taken off this sale' })).not.toBeInTheDocument();
  });

  test('[PROMO-T6] coupons are refused in words, the cart unchanged; a good one goes on and can be removed', async () => {
    await openWithDeals();
    const user = userEvent.setup();
    await twoCroissants(user);
    await screen.findByText('You saved');
    const refusals: [string, string][] = [
      ['nope', 'There is no coupon NOPE. Check the code and try again.'],
      ['old', 'Coupon OLD has expired.'],
      ['once-1', 'Coupon ONCE-1 has already been used up.'],
      ['break', 'The deal of coupon BREAK is paused or has ended.'],
    ];
    for (const [code, words] of refusals) {
      await coupon(user, code);
      expect(await screen.findByRole('alert')).toHaveTextContent(words);
      expect(total()).toHaveTextContent('€4.00');
    }
    await coupon(user, 'welcome10');
    const on = await screen.findByRole('list', { name: 'Coupons on this sale' });
    expect(within(on).getByText('WELCOME10')).toBeVisible();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    // 10 % of the €5.00 list value, stacked on the croissants' deal ([PROMO-9]).
    expect(total()).toHaveTextContent('€3.50');
    expect(screen.getByTestId('cart-saved')).toHaveTextContent('€1.50');
    await coupon(user, 'WELCOME10');
    expect(await screen.findByRole('alert')).toHaveTextContent('Coupon WELCOME10 is already on this sale.');
    await user.click(screen.getByRole('button', { name: 'Remove coupon WELCOME10' }));
    expect(total()).toHaveTextContent('€4.00');
  });

  test('[PROMO-T6] a coupon scanned at the counter goes on the sale; an unknown scan is still a barcode', async () => {
    // A burst with gaps up to 250 ms is a scan here: a busy test machine spaces the keys out.
    await openWithDeals({ scanner: { minLength: 6, maxGapMs: 250 } });
    const user = userEvent.setup();
    await twoCroissants(user);
    await user.keyboard('WELCOME10{Enter}');
    expect(await screen.findByRole('list', { name: 'Coupons on this sale' })).toBeVisible();
    expect(total()).toHaveTextContent('€3.50');
    await user.keyboard('9999999999999{Enter}');
    expect(await screen.findByText('No product has the barcode 9999999999999.')).toBeInTheDocument();
  });

  test('[PROMO-T3] parking keeps the coupons and the deals taken off', async () => {
    const world = await openWithDeals();
    const user = userEvent.setup();
    await twoCroissants(user);
    await coupon(user, 'WELCOME10');
    await screen.findByRole('list', { name: 'Coupons on this sale' });
    await user.click(await screen.findByRole('button', { name: 'Take 2 croissants for €4 off this sale' }));
    const open = await world.cartStore.openCart();
    expect(open?.coupons).toEqual([{ code: 'WELCOME10', promotionId: WELCOME }]);
    expect(open?.removedPromotions).toEqual([TWO_CROISSANTS]);
  });

  test('[PROMO-T4] Complete sale sends each line\u2019s promotions, the sale\u2019s, and the coupons', async () => {
    const world = await openWithDeals();
    const user = userEvent.setup();
    await twoCroissants(user);
    await coupon(user, 'WELCOME10');
    await screen.findByRole('list', { name: 'Coupons on this sale' });
    await user.click(screen.getByRole('button', { name: 'Pay' }));
    await user.click(screen.getByRole('button', { name: 'Cash' }));
    await user.click(screen.getByRole('button', { name: 'Complete sale' }));
    await screen.findByRole('button', { name: 'New sale' });
    const [line] = await world.ledger.saleLines.toArray();
    expect(line?.promotions).toEqual([
      { promotion_id: TWO_CROISSANTS, amount: 100 },
      { promotion_id: WELCOME, amount: 50 },
    ]);
    const [op] = await world.ledger.outbox.toArray();
    expect(op?.args).toMatchObject({
      total: 350,
      discount_total: 150,
      coupons: ['WELCOME10'],
      promotions: [
        { promotion_id: TWO_CROISSANTS, amount: 100, coupon_code: null },
        { promotion_id: WELCOME, amount: 50, coupon_code: 'WELCOME10' },
      ],
      lines: [
        {
          discount: 150,
          promotions: [
            { promotion_id: TWO_CROISSANTS, amount: 100 },
            { promotion_id: WELCOME, amount: 50 },
          ],
        },
      ],
    });
  });

  test('[PROMO-T6] in Spanish: the deal, Has ahorrado, the Cupón field and a refusal in its words', async () => {
    i18n.loadAndActivate({ locale: 'es', messages: await loadMessages('es') });
    const world = await registerWorld();
    await withPromotions(world.mirror);
    render(<RegisterScreen deps={world.deps} />);
    const user = userEvent.setup();
    await screen.findByText(/La cesta está vacía/);
    await user.click(screen.getByRole('button', { name: /^Croissant/ }));
    await user.click(await screen.findByRole('button', { name: 'Un Croissant más' }));
    expect(await screen.findByText('Has ahorrado')).toBeVisible();
    expect(screen.getByRole('list', { name: 'Promociones de esta línea' })).toBeVisible();
    await user.click(screen.getByLabelText('Cupón'));
    await user.paste('nope');
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'No existe el cupón NOPE. Revisa el código e inténtalo de nuevo.',
    );
  });
});
