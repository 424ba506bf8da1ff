// The sign-in screen in German and in French (issue 35): its labels, its button and the sentence for a wrong
// password come from the catalogue, so a person who reads no English can still sign in.
import { afterEach, describe, expect, test } from 'vitest';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { i18n } from '@lingui/core';
import { loadMessages } from '../../lib/i18n/catalogs';
import type { Locale } from '../../lib/i18n/locales';
import { renderApp } from '../../../tests/support/render-app';
import { authError } from '../../../tests/support/fake-auth';

async function speak(locale: Locale) {
  const messages = await loadMessages(locale);
  act(() => {
    i18n.loadAndActivate({ locale, messages });
  });
}

afterEach(() => {
  // Every other test reads English (tests/setup/i18n.ts).
  act(() => {
    i18n.activate('en');
  });
});

const WORDS = {
  de: {
    heading: 'Bei Tillpoint anmelden',
    email: 'E-Mail',
    password: 'Passwort',
    signIn: 'Anmelden',
    forgot: 'Passwort vergessen?',
    wrong: 'E-Mail oder Passwort ist falsch.',
    empty: 'Geben Sie Ihre E-Mail-Adresse ein.',
  },
  fr: {
    heading: 'Connexion à Tillpoint',
    email: 'E-mail',
    password: 'Mot de passe',
    signIn: 'Se connecter',
    forgot: 'Mot de passe oublié ?',
    wrong: 'E-mail ou mot de passe incorrect.',
    empty: 'Saisissez votre adresse e-mail.',
  },
} as const;

describe('login page in other languages', () => {
  test.each(['de', 'fr'] as const)(
    'in %s: labels, the button, a missing field and a wrong password in its words',
    async (locale) => {
      const words = WORDS[locale];
      await speak(locale);
      const app = renderApp('/login');
      await screen.findByRole('heading', { name: words.heading });
      expect(screen.getByLabelText(words.email)).toHaveAttribute('type', 'email');
      expect(screen.getByLabelText(words.password)).toHaveAttribute('type', 'password');
      expect(screen.getByRole('link', { name: words.forgot })).toHaveAttribute('href', '/forgot-password');

      const user = userEvent.setup();
      await user.click(screen.getByRole('button', { name: words.signIn }));
      expect(screen.getByText(words.empty)).toBeInTheDocument();

      app.fake.answers.signInWithPassword = () =>
        Promise.resolve({
          data: { user: null, session: null },
          error: authError('invalid_credentials', 'Invalid login credentials'),
        });
      await user.type(screen.getByLabelText(words.email), 'owner@demo.test');
      await user.type(screen.getByLabelText(words.password), 'wrong');
      await user.click(screen.getByRole('button', { name: words.signIn }));
      expect(await screen.findByRole('alert')).toHaveTextContent(words.wrong);
      expect(screen.queryByText('Email or password is incorrect.')).not.toBeInTheDocument();
    },
  );
});
