// The real route tree and guards in jsdom: who lands where, for guests and signed-in users, online and off.
import { describe, expect, test } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DEMO_MEMBERSHIP, renderApp } from '../support/render-app';
import { makeSession, makeUser } from '../support/fake-auth';

const never = () => new Promise<never>(() => undefined);

describe('guests', () => {
  test('the home page welcomes them with the product name, a tagline, three features and two ways in', async () => {
    renderApp('/');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Welcome to Tillpoint' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/keeps selling when the internet drops/)).toBeInTheDocument();
    const features = within(screen.getByRole('region', { name: 'Features' }));
    for (const name of ['Easy payments', 'Analytics', 'Mobile ready']) {
      expect(features.getByRole('heading', { name })).toBeInTheDocument();
    }
    expect(features.getByText(/Accept payments quickly and securely/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Get Started Free' })).toHaveAttribute('href', '/signup');
    expect(screen.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/login');
  });

  test('the nav offers About, Sign in and Sign up, and the logo goes home', async () => {
    renderApp('/about');
    expect(await screen.findByRole('heading', { level: 1, name: 'About Tillpoint' })).toBeInTheDocument();
    const nav = within(screen.getByRole('navigation', { name: 'Main' }));
    expect(nav.getByRole('link', { name: 'About' })).toHaveAttribute('href', '/about');
    expect(nav.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
    expect(nav.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/signup');
    expect(screen.getByRole('link', { name: 'Tillpoint home' })).toHaveAttribute('href', '/');
  });

  test.each([
    '/dashboard',
    '/dashboard/products',
    '/dashboard/sales?x=1#y',
    '/dashboard/settings',
    '/onboarding',
    '/auth/reset-password',
  ])('%s sends them to /login with the full location to come back to', async (path) => {
    const app = renderApp(path);
    await screen.findByRole('heading', { name: 'Sign in to Tillpoint' });
    const url = new URL(app.location(), 'http://localhost');
    expect(url.pathname).toBe('/login');
    expect(url.searchParams.get('redirect')).toBe(path);
  });

  test('an unknown address shows a not-found page with a way home', async () => {
    renderApp('/no-such-page');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
  });
});

describe('signed-in users', () => {
  test.each(['/', '/login', '/signup', '/forgot-password'])(
    '%s (guests only) sends them to the dashboard',
    async (path) => {
      const app = renderApp(path, { session: makeSession() });
      expect(await screen.findByRole('heading', { name: 'Today at a glance' })).toBeInTheDocument();
      expect(app.location()).toBe('/dashboard');
    },
  );

  test('the nav welcomes them by email and offers the dashboard and sign-out', async () => {
    renderApp('/about', { session: makeSession(makeUser('manager@demo.test')) });
    const nav = within(await screen.findByRole('navigation', { name: 'Main' }));
    expect(await nav.findByText('Welcome, manager@demo.test')).toBeInTheDocument();
    expect(nav.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(nav.getByRole('button', { name: 'Sign out' })).toBeInTheDocument();
    expect(nav.queryByRole('link', { name: 'Sign in' })).not.toBeInTheDocument();
  });

  test.each([
    ['/dashboard/products', 'Products'],
    ['/dashboard/stock-movements', 'Stock movements'],
    ['/dashboard/sales', 'Sales'],
    ['/dashboard/stocktakes', 'Stocktakes'],
    ['/dashboard/customers', 'Customers'],
    ['/dashboard/shifts', 'Shifts'],
    ['/dashboard/purchase-orders', 'Purchase orders'],
    ['/dashboard/transfers', 'Transfers'],
    ['/dashboard/settings', 'Settings'],
  ])('%s shows its heading in the dashboard frame', async (path, heading) => {
    renderApp(path, { session: makeSession() });
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    const sections = screen.getByRole('navigation', { name: 'Dashboard sections' });
    expect(within(sections).getByRole('link', { name: heading })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByText('Demo Shop')).toBeInTheDocument();
  });

  test("/dashboard/sales/$saleId is a sale's own address in the dashboard frame, with the way back", async () => {
    const app = renderApp('/dashboard/sales/a0000000-0000-4000-8000-000000000001', {
      session: makeSession(),
      memberships: [{ ...DEMO_MEMBERSHIP, role: 'cashier' }],
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Sales' })).toBeInTheDocument();
    // A cashier's sales are this device's: one that is not here is not asked of the server.
    expect(await screen.findByText('It is not on this device.')).toBeInTheDocument();
    const sections = screen.getByRole('navigation', { name: 'Dashboard sections' });
    expect(within(sections).getByRole('link', { name: 'Sales' })).toHaveAttribute('aria-current', 'page');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Back to sales' }));
    await waitFor(() => {
      expect(app.location()).toBe('/dashboard/sales');
    });
    expect(screen.queryByText('It is not on this device.')).not.toBeInTheDocument();
  });

  test('/dashboard/register opens full screen: the counter bar instead of the nav bar and the sidebar', async () => {
    renderApp('/dashboard/register', { session: makeSession() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Register' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Dashboard sections' })).not.toBeInTheDocument();
    expect(screen.getByText('Demo Shop')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Menu' }));
    const sections = screen.getByRole('navigation', { name: 'Dashboard sections' });
    expect(within(sections).getByRole('link', { name: 'Register' })).toHaveAttribute('aria-current', 'page');
  });

  test('without a shop, the dashboard sends them to onboarding, which creates one and returns', async () => {
    const app = renderApp('/dashboard', { session: makeSession(), memberships: [] });
    expect(await screen.findByRole('heading', { name: 'Set up Tillpoint' })).toBeInTheDocument();
    expect(app.location()).toBe('/onboarding');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Shop name'), 'Corner Café');
    await user.selectOptions(screen.getByLabelText('Currency'), 'GBP');
    await user.click(screen.getByRole('radio', { name: /Exclude tax/ }));
    await user.click(screen.getByRole('button', { name: 'Create shop' }));
    expect(await screen.findByRole('heading', { name: 'Today at a glance' })).toBeInTheDocument();
    expect(app.rpcCalls.filter((call) => call.name === 'create_company')).toEqual([
      {
        name: 'create_company',
        args: expect.objectContaining({
          p_name: 'Corner Café',
          p_currency: 'GBP',
          p_prices_include_tax: false,
          p_display_name: 'Olive Owner',
        }) as unknown,
      },
    ]);
  });

  test('[ONB-7] an invite for their address asks for a sign-in link, which comes back with the code filled in', async () => {
    const notProven = Object.assign(new Error('Open the sign-in link we email to this address'), {
      hint: 'email_not_confirmed',
    });
    const app = renderApp('/onboarding', {
      session: makeSession(),
      memberships: [],
      rpc: { join_company: notProven },
    });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Invite code'), 'k7pm-3qxa');
    await user.click(screen.getByRole('button', { name: 'Join shop' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'That invite is for your email address. To show it is yours, open a sign-in link we email to it, then join.',
    );
    await user.click(screen.getByRole('button', { name: 'Email me a sign-in link' }));
    expect(await screen.findByRole('status')).toHaveTextContent(/We sent a sign-in link to .+@/);
    const [[sent]] = app.fake.called('signInWithOtp') as [
      [{ email: string; options: Record<string, unknown> }],
    ];
    expect(sent.options).toEqual({
      shouldCreateUser: false,
      emailRedirectTo: expect.stringMatching(
        /\/auth\/callback\?redirect=%2Fonboarding%3Finvite%3DK7PM3QXA$/,
      ) as unknown,
    });
    expect(app.location()).toBe('/onboarding');
  });

  test('onboarding fills in the invite code a link brings', async () => {
    renderApp('/onboarding?invite=K7PM3QXA', { session: makeSession(), memberships: [] });
    expect(await screen.findByLabelText('Invite code')).toHaveValue('K7PM3QXA');
  });

  test('with a shop, onboarding sends them to the dashboard', async () => {
    const app = renderApp('/onboarding', { session: makeSession() });
    await screen.findByRole('heading', { name: 'Today at a glance' });
    expect(app.location()).toBe('/dashboard');
  });

  test.each([
    ['/dashboard/sales', 'then see its sales here.'],
    ['/dashboard/products', 'then the catalogue opens here, offline too.'],
    ['/dashboard/customers', 'then manage customers here.'],
    ['/dashboard/stock-movements', 'then manage stock here.'],
    ['/dashboard/shifts', 'then open a shift here.'],
  ])(
    '%s on a device that never synced and cannot ask says so, once, in the same words',
    async (path, then) => {
      renderApp(path, { session: makeSession(), memberships: new Error('Failed to fetch') });
      expect(
        await screen.findByRole('heading', { name: 'This device does not know your shop yet' }),
      ).toBeInTheDocument();
      expect(screen.getByText(`Connect once so it can sync the shop's data, ${then}`)).toBeInTheDocument();
    },
  );

  test('when the shop cannot be looked up (offline), the dashboard still opens', async () => {
    renderApp('/dashboard', { session: makeSession(), memberships: new Error('Failed to fetch') });
    expect(await screen.findByRole('heading', { name: 'Today at a glance' })).toBeInTheDocument();
    expect(screen.getByText(/could not be loaded right now/)).toBeInTheDocument();
  });
});

describe('today at a glance', () => {
  test("managers and owners see today's figures from the report functions", async () => {
    const app = renderApp('/dashboard', { session: makeSession() });
    expect(await screen.findByText('€12.50')).toBeInTheDocument();
    expect(screen.getByText(/^1 refund today\./)).toBeInTheDocument();
    expect(screen.getByText('€4.17')).toBeInTheDocument();
    const names = app.rpcCalls.map((call) => call.name).sort();
    // Today's glance; the manager's range report (loaded lazily) asks for its own.
    expect(names).toEqual(
      expect.arrayContaining([
        'report_low_stock',
        'report_payment_mix',
        'report_sales_by_day',
        'report_sales_by_day',
        'report_sales_by_hour',
        'report_top_products',
      ]),
    );
  });

  test('cashiers open the register instead of the empty manager cards, and no figures are asked', async () => {
    const app = renderApp('/dashboard', {
      session: makeSession(),
      memberships: [{ ...DEMO_MEMBERSHIP, role: 'cashier' }],
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Register' })).toBeInTheDocument();
    expect(app.location()).toBe('/dashboard/register');
    expect(screen.queryByText("Today's figures are shown to managers and owners.")).not.toBeInTheDocument();
    expect(app.rpcCalls.filter((call) => call.name.startsWith('report_'))).toEqual([]);
  });

  test('a cashier can still reach every other section', async () => {
    renderApp('/dashboard/sales', {
      session: makeSession(),
      memberships: [{ ...DEMO_MEMBERSHIP, role: 'cashier' }],
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Sales' })).toBeInTheDocument();
  });
});

describe('auth first (DESIGN §6)', () => {
  test('a stored, expired session opens the dashboard offline without waiting on getSession()', async () => {
    const session = makeSession(makeUser('cashier@demo.test'), { expiresAt: 1 });
    const app = renderApp('/dashboard/register', { session, online: false });
    app.fake.answers.getSession = never;
    expect(await screen.findByRole('heading', { level: 1, name: 'Register' })).toBeInTheDocument();
    // Who sells is named as the shop names them (the receipt's 'Cashier:'), not by the account's email.
    expect(screen.getByLabelText('Selling')).toHaveTextContent('Olive Owner · Owner');
  });

  test('INITIAL_SESSION with no session while offline does not sign the user out', async () => {
    const session = makeSession(makeUser('cashier@demo.test'), { expiresAt: 1 });
    const app = renderApp('/dashboard', { session, online: false });
    await screen.findByRole('heading', { name: 'Today at a glance' });
    app.fake.emit('INITIAL_SESSION', null);
    await waitFor(() => {
      expect(screen.getByText('Welcome, cashier@demo.test')).toBeInTheDocument();
    });
    expect(app.location()).toBe('/dashboard');
  });
});
