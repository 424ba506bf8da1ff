// Who chooses the language, on screen (issue 35): Settings → Language switches this person's screens at once
// and keeps the choice on their account; Settings → Shop's 'Language' is the owner's, for the receipts; a
// staff member's language is set in Staff by whoever manages them.
import '@testing-library/jest-dom/vitest';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { act, cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { i18n } from '@lingui/core';
import { activateLocale } from '../../lib/i18n/activate';
import { SCREEN_LANGUAGE_KEY } from '../../lib/i18n/first-locale';
import { ShopLanguageForm } from './shop-language-form';
import { StaffLanguage } from './staff-language';
import { YourLanguage } from './your-language';

afterEach(async () => {
  cleanup();
  await act(() => activateLocale('en'));
});

function memoryStorage() {
  const stored = new Map<string, string>();
  return {
    stored,
    storage: {
      getItem: (key: string) => stored.get(key) ?? null,
      setItem: (key: string, value: string) => void stored.set(key, value),
    },
  };
}

describe('Settings → Language', () => {
  test('[LANG-T2] lists the four languages in their own words and switches the screens at once', async () => {
    const { stored, storage } = memoryStorage();
    const save = vi.fn(() => Promise.resolve());
    render(<YourLanguage device={{ storage, browserLanguages: ['en'] }} save={save} />);
    const select = screen.getByLabelText('Language');
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['English', 'Español', 'Français', 'Deutsch']);
    await userEvent.selectOptions(select, 'de');
    // No reload: the same page reads in German, its own help line included.
    expect(await screen.findByText(/Die Sprache Ihrer Bildschirme/)).toBeInTheDocument();
    expect(i18n.locale).toBe('de');
    expect(document.documentElement.lang).toBe('de');
    expect(screen.getByLabelText('Sprache')).toHaveValue('de');
    expect(stored.get(SCREEN_LANGUAGE_KEY)).toBe('de');
    expect(save).toHaveBeenCalledWith('de');
    expect(await screen.findByText('In Ihrem Konto gespeichert.')).toBeInTheDocument();
  });

  test('[LANG-T2] offline the screens switch all the same, and it says the account was not told', async () => {
    const { stored, storage } = memoryStorage();
    render(
      <YourLanguage
        device={{ storage, browserLanguages: ['en'] }}
        save={() => Promise.reject(new Error('offline'))}
      />,
    );
    await userEvent.selectOptions(screen.getByLabelText('Language'), 'fr');
    expect(await screen.findByText(/Cet appareil l’affiche déjà/)).toBeInTheDocument();
    expect(stored.get(SCREEN_LANGUAGE_KEY)).toBe('fr');
  });
});

describe('Settings → Shop → Language', () => {
  test('[LANG-2] the owner saves the receipts’ language; a manager only reads it', async () => {
    const onSave = vi.fn();
    render(
      <ShopLanguageForm
        language="en"
        canEdit
        state={{ busy: false, error: null, done: null }}
        onSave={onSave}
      />,
    );
    expect(screen.getByText(/receipts, mails, reports and customer display/)).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByLabelText('Language'), 'es');
    await userEvent.click(screen.getByRole('button', { name: 'Save language' }));
    expect(onSave).toHaveBeenCalledWith('es');
    // The screens stay as they were: this is the shop's language, not this person's.
    expect(i18n.locale).toBe('en');
    cleanup();

    render(
      <ShopLanguageForm
        language="fr"
        canEdit={false}
        state={{ busy: false, error: null, done: null }}
        onSave={onSave}
      />,
    );
    expect(screen.getByLabelText('Language')).toHaveValue('fr');
    expect(screen.getByLabelText('Language')).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save language' })).not.toBeInTheDocument();
  });
});

describe('Settings → Staff → a staff member’s language', () => {
  test('[LANG-4] the till’s language by default; choosing one or going back to the till’s', async () => {
    const onChange = vi.fn();
    render(<StaffLanguage member={{ name: 'Cara', language: null }} onChange={onChange} />);
    const select = screen.getByLabelText('Language for Cara');
    expect(select).toHaveValue('');
    await userEvent.selectOptions(select, 'de');
    expect(onChange).toHaveBeenLastCalledWith('de');
    cleanup();
    render(<StaffLanguage member={{ name: 'Cara', language: 'de' }} onChange={onChange} />);
    await userEvent.selectOptions(screen.getByLabelText('Language for Cara'), '');
    expect(onChange).toHaveBeenLastCalledWith(null);
  });
});
