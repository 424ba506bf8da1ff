// The register in another language (issue 35): the cart, its totals, Pay and the payment read in German, and
// the cart bar counts items with Spanish plurals. Every other test speaks English; this one switches the
// catalogue and puts English back after.
import '@testing-library/jest-dom/vitest';
import { afterEach, describe, expect, test } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { i18n } from '@lingui/core';
import { loadMessages } from '../../lib/i18n/catalogs';
import type { Locale } from '../../lib/i18n/locales';
import { CartBar } from './layout/cart-bar';
import { RegisterScreen } from './register-screen';
import { registerWorld, withFakeLayout, person } from './register-test-deps';
import type { CartLine } from '../../domain/cart';

afterEach(() => {
  cleanup();
  i18n.activate('en');
});
withFakeLayout();

async function speak(locale: Locale) {
  i18n.loadAndActivate({ locale, messages: await loadMessages(locale) });
}

// Slower than the scanner's burst gap, so every key is a person's.

const line = (quantity: number): CartLine =>
  ({ lineId: `l${String(quantity)}`, quantity: quantity * 1000 }) as unknown as CartLine;

describe('the register in other languages', () => {
  test('German: the empty cart, a line, the totals, Pay and the payment', async () => {
    await speak('de');
    const { deps } = await registerWorld();
    render(<RegisterScreen deps={deps} />);
    await screen.findByText(
      'Der Warenkorb ist leer. Scannen Sie einen Barcode oder suchen Sie einen Artikel.',
    );
    expect(screen.getByRole('button', { name: 'Bezahlen' })).toBeDisabled();

    const user = person();
    await user.type(screen.getByLabelText('Artikel suchen'), 'croi');
    const results = screen.getByRole('list', { name: 'Suchergebnisse' });
    await user.click(within(results).getByRole('button', { name: /^Croissant/ }));
    expect(screen.getByLabelText('Menge von Croissant')).toBeInTheDocument();
    const totals = screen.getByLabelText('Summen');
    expect(within(totals).getByText('Zwischensumme')).toBeInTheDocument();
    expect(within(totals).getByText('Summe')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Bezahlen' }));
    expect(await screen.findByRole('heading', { name: 'Zahlung' })).toBeInTheDocument();
    expect(screen.getByText('Zu zahlen')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Bar' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Karte' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Verkauf abschließen' })).toBeDisabled();
  });

  test('Spanish: the cart bar counts one artículo, then three artículos, and says Cobrar', async () => {
    await speak('es');
    const props = { total: 250, currency: 'EUR', onOpenCart: () => undefined, onPay: () => undefined };
    const { rerender } = render(<CartBar {...props} lines={[line(1)]} />);
    expect(screen.getByRole('button', { name: 'Abrir la cesta: 1 artículo' })).toBeInTheDocument();
    rerender(<CartBar {...props} lines={[line(1), line(2)]} />);
    expect(screen.getByRole('button', { name: 'Abrir la cesta: 3 artículos' })).toBeInTheDocument();
    expect(screen.getByText('3 artículos en la cesta')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cobrar' })).toBeEnabled();
  });
});
