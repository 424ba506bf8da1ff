// The status filter of a back-office list: the chosen option is pressed; pressing another chooses it.
import '@testing-library/jest-dom/vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, test, vi } from 'vitest';
import { StatusFilter } from './status-filter';

afterEach(cleanup);

test('StatusFilter presses the chosen option and reports another chosen', async () => {
  const onChange = vi.fn();
  const options = [
    { value: 'open', label: 'Open' },
    { value: 'all', label: 'All' },
  ] as const;
  render(<StatusFilter value="open" options={options} onChange={onChange} />);
  const group = screen.getByRole('group', { name: 'Show' });
  expect(within(group).getByRole('button', { name: 'Open' })).toHaveAttribute('aria-pressed', 'true');
  expect(within(group).getByRole('button', { name: 'All' })).toHaveAttribute('aria-pressed', 'false');
  await userEvent.click(within(group).getByRole('button', { name: 'All' }));
  expect(onChange).toHaveBeenCalledWith('all');
});
