// The home page's two variants. The guard sends signed-in users to the dashboard first, so the signed-in
// variant is rendered here directly.
import '@testing-library/jest-dom/vitest';
import { afterEach, describe, expect, test } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { HomePage } from './home-page';

afterEach(cleanup);

function renderInRouter(ui: ReactNode) {
  const router = createRouter({
    routeTree: createRootRoute({ component: () => ui }),
    history: createMemoryHistory({ initialEntries: ['/'] }),
  });
  return render(<RouterProvider router={router} />);
}

describe('home page', () => {
  test("guests get 'Get Started Free' and 'Sign In'", async () => {
    renderInRouter(<HomePage signedInAs={null} />);
    expect(await screen.findByRole('link', { name: 'Get Started Free' })).toHaveAttribute('href', '/signup');
    expect(screen.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/login');
    expect(screen.queryByText(/You are authenticated as/)).not.toBeInTheDocument();
  });

  test("signed-in users get a banner and 'Go to Dashboard'", async () => {
    renderInRouter(<HomePage signedInAs="owner@demo.test" />);
    expect(await screen.findByText('You are authenticated as owner@demo.test')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(screen.queryByRole('link', { name: 'Get Started Free' })).not.toBeInTheDocument();
  });
});
