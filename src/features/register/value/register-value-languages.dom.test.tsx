// Customer value at the register in German (issue 35's rule for every new screen): 'Sell gift card', 'Check
// balance' and the gift card in the payment panel read in the person's language. English is put back after.
import '@testing-library/jest-dom/vitest';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { i18n } from '@lingui/core';
import { loadMessages } from '../../../lib/i18n/catalogs';
import { RegisterScreen } from '../register-screen';
import { registerWorld, withFakeLayout, person } from '../register-test-deps';

afterEach(() => {
  cleanup();
  i18n.activate('en');
});
vi.setConfig({ testTimeout: 20_000 });
withFakeLayout();

describe('customer value in other languages', () => {
  test('[VAL-12] German: the gift-card actions, the dialog and the payment panel', async () => {
    i18n.loadAndActivate({ locale: 'de', messages: await loadMessages('de') });
    const { deps } = await registerWorld();
    render(<RegisterScreen deps={deps} />);
    const user = person();
    await user.click(await screen.findByRole('button', { name: 'Geschenkkarte verkaufen' }));
    expect(await screen.findByRole('dialog', { name: 'Geschenkkarte verkaufen' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'In den Warenkorb' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Schließen' }));
    expect(screen.getByRole('button', { name: 'Guthaben prüfen' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /^Croissant/ }));
    await user.click(screen.getByRole('button', { name: 'Bezahlen' }));
    await user.click(await screen.findByRole('button', { name: 'Mit Geschenkkarte zahlen…' }));
    expect(screen.getByLabelText('Code der Geschenkkarte')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Karte suchen' })).toBeInTheDocument();
  });
});
