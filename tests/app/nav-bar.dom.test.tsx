// The nav bar's sign-out and its mobile menu toggle.
import { describe, expect, test } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '../support/render-app';
import { makeSession } from '../support/fake-auth';

describe('nav bar', () => {
  test("'Sign out' reads 'Signing out...' while it works, then the user is on /login, signed out", async () => {
    const app = renderApp('/dashboard', { session: makeSession() });
    await screen.findByRole('heading', { name: 'Today at a glance' });
    let finish: () => void = () => undefined;
    app.fake.answers.signOut = () =>
      new Promise((resolve) => {
        finish = () => {
          app.fake.emit('SIGNED_OUT', null);
          resolve({ data: null, error: null });
        };
      });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(screen.getByRole('button', { name: 'Signing out...' })).toBeDisabled();
    // It first reads the ledger for unsynced work (none here), then asks the server.
    await waitFor(() => {
      expect(app.fake.called('signOut')).toHaveLength(1);
    });
    act(() => {
      finish();
    });
    expect(await screen.findByRole('heading', { name: 'Sign in to Tillpoint' })).toBeInTheDocument();
    expect(app.location()).toBe('/login');
    const nav = within(screen.getByRole('navigation', { name: 'Main' }));
    expect(nav.getByRole('link', { name: 'Sign in' })).toBeInTheDocument();
    expect(app.auth.getState().user).toBeNull();
  });

  test('the menu toggle says whether it is open, and closes when the user navigates', async () => {
    renderApp('/');
    await screen.findByRole('heading', { name: 'Welcome to Tillpoint' });
    const toggle = screen.getByRole('button', { name: 'Menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveAttribute('aria-controls', 'nav-menu');
    const user = userEvent.setup();
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('navigation', { name: 'Main' })).toHaveAttribute('data-open', 'true');
    await user.click(
      within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'About' }),
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'About Tillpoint' })).toBeInTheDocument();
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });
});

test('a session ended elsewhere (SIGNED_OUT) takes the user from a protected screen to /login', async () => {
  const app = renderApp('/dashboard/products', { session: makeSession() });
  await screen.findByRole('heading', { level: 1, name: 'Products' });
  app.storage.removeItem('sb-127-auth-token');
  act(() => {
    app.fake.emit('SIGNED_OUT', null);
  });
  expect(await screen.findByRole('heading', { name: 'Sign in to Tillpoint' })).toBeInTheDocument();
  expect(app.location()).toBe('/login?redirect=%2Fdashboard%2Fproducts');
});
