// The nav bar's menu in Spanish (issue 35): its toggle, its landmark and every entry come from the catalogue,
// for a guest and for a signed-in user.
import { afterEach, describe, expect, test } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { i18n } from '@lingui/core';
import { loadMessages } from '../../src/lib/i18n/catalogs';
import { renderApp } from '../support/render-app';
import { makeSession } from '../support/fake-auth';

async function speakSpanish() {
  const messages = await loadMessages('es');
  act(() => {
    i18n.loadAndActivate({ locale: 'es', messages });
  });
}

afterEach(() => {
  // Every other test reads English (tests/setup/i18n.ts).
  act(() => {
    i18n.activate('en');
  });
});

describe('nav bar in Spanish', () => {
  test('a guest reads the menu, its toggle and its entries in Spanish', async () => {
    await speakSpanish();
    renderApp('/');
    await screen.findByRole('heading', { name: 'Bienvenido a Tillpoint' });
    const toggle = screen.getByRole('button', { name: 'Menú' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.setup().click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const nav = within(screen.getByRole('navigation', { name: 'Principal' }));
    expect(nav.getByRole('link', { name: 'Acerca de' })).toHaveAttribute('href', '/about');
    expect(nav.getByRole('link', { name: 'Iniciar sesión' })).toHaveAttribute('href', '/login');
    expect(nav.getByRole('link', { name: 'Crear cuenta' })).toHaveAttribute('href', '/signup');
    expect(screen.getByRole('link', { name: 'Inicio de Tillpoint' })).toHaveAttribute('href', '/');
    expect(screen.queryByRole('link', { name: 'About' })).not.toBeInTheDocument();
  });

  test('a signed-in user reads the greeting, Dashboard and Sign out in Spanish', async () => {
    await speakSpanish();
    const session = makeSession();
    renderApp('/dashboard', { session });
    const nav = within(await screen.findByRole('navigation', { name: 'Principal' }));
    expect(nav.getByRole('link', { name: 'Panel' })).toHaveAttribute('href', '/dashboard');
    expect(nav.getByRole('button', { name: 'Cerrar sesión' })).toBeInTheDocument();
    expect(nav.getByText(`Hola, ${session.user.email ?? ''}`)).toBeInTheDocument();
    expect(nav.queryByRole('button', { name: 'Sign out' })).not.toBeInTheDocument();
  });
});
