// The register's keyboard shortcuts work wherever the focus is, and `?` lists them.
import '@testing-library/jest-dom/vitest';
import { afterEach, describe, expect, test } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RegisterScreen } from './register-screen';
import { registerWorld, withFakeLayout } from './register-test-deps';

afterEach(cleanup);
withFakeLayout();

describe('register shortcuts', () => {
  test('F2 focuses the search, F9 opens payment, ? shows the list', async () => {
    const world = await registerWorld();
    render(<RegisterScreen deps={world.deps} />);
    await screen.findByText(/The cart is empty/);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: /^Croissant/ }));

    await user.keyboard('{F2}');
    expect(screen.getByLabelText('Search products')).toHaveFocus();

    await user.keyboard('{F9}');
    expect(screen.getByRole('heading', { name: 'Payment' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Back to cart' }));
    await user.keyboard('?');
    expect(await screen.findByRole('dialog', { name: 'Keyboard shortcuts' })).toHaveTextContent('F9');
  });
});
