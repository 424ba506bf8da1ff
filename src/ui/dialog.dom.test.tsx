import '@testing-library/jest-dom/vitest';
import { describe, expect, test } from 'vitest';
import { useState } from 'react';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Dialog } from './dialog';

function Opener() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        onClick={() => {
          setOpen(true);
        }}
      >
        Recent sales
      </button>
      <Dialog title="Recent sales" isOpen={open} onOpenChange={setOpen}>
        <p>Nothing yet.</p>
      </Dialog>
    </>
  );
}

describe('Dialog', () => {
  test('is named by its title and closes from its Close button, for a tablet with no Escape key', async () => {
    const user = userEvent.setup();
    render(<Opener />);
    await user.click(screen.getByRole('button', { name: 'Recent sales' }));
    expect(await screen.findByRole('dialog', { name: 'Recent sales' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    });
  });
});
