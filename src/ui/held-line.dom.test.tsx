// A held quantity: 'Accept' and 'Drop' name what they settle; the reason field is there only where a drop
// must say why.
import '@testing-library/jest-dom/vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, test, vi } from 'vitest';
import { HeldLine } from './held-line';

afterEach(cleanup);

test('Accept and Drop name the quantity and product; a reason is asked only where given', async () => {
  const onAccept = vi.fn();
  const onDrop = vi.fn();
  const onReason = vi.fn();
  const { rerender } = render(
    <ul>
      <HeldLine id="h1" text="Tea: 2 held" name="Tea" quantity="2" onAccept={onAccept} onDrop={onDrop} />
    </ul>,
  );
  expect(screen.getByText('Tea: 2 held')).toBeInTheDocument();
  expect(screen.queryByLabelText('Why drop 2 Tea?')).not.toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Accept 2 Tea' }));
  await userEvent.click(screen.getByRole('button', { name: 'Drop 2 Tea' }));
  expect(onAccept).toHaveBeenCalledOnce();
  expect(onDrop).toHaveBeenCalledOnce();

  rerender(
    <ul>
      <HeldLine
        id="h1"
        text="Tea: 2 held"
        name="Tea"
        quantity="2"
        onAccept={onAccept}
        onDrop={onDrop}
        dropReason={{ value: '', onChange: onReason }}
      />
    </ul>,
  );
  await userEvent.type(screen.getByLabelText('Why drop 2 Tea?'), 'x');
  expect(onReason).toHaveBeenCalledWith('x');
});
