// [FIT-1] The virtual printer at the counter (issue 34): nothing until something is printed, then a small
// labelled toggle in the counter bar's slot (in place where there is no bar) that opens the 'Printer output'
// panel with the whole receipt, and closes it again.
import '@testing-library/jest-dom/vitest';
import { afterEach, describe, expect, test } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BAR_SLOT_ID } from '../../ui/bar-slot';
import VirtualPrinterFold from './virtual-printer-fold';
import { VirtualRoll } from './virtual-printer';

afterEach(cleanup);

const text = (words: string) => new TextEncoder().encode(`${words}\n`);

describe('[FIT-1] the virtual printer folded at the counter', () => {
  test('nothing printed: nothing at all, no empty box', () => {
    const { container } = render(<VirtualPrinterFold roll={new VirtualRoll()} />);
    expect(container).toBeEmptyDOMElement();
    expect(screen.queryByRole('button', { name: /^Printer output/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Printer output' })).not.toBeInTheDocument();
  });

  test('printed: a folded toggle in the bar; opened, the receipt; closed again', async () => {
    const roll = new VirtualRoll();
    // The bar is the page's frame: there before the lazy fold renders.
    render(<div id={BAR_SLOT_ID} data-testid="bar-slot" />);
    render(<VirtualPrinterFold roll={roll} />);
    roll.add(text('Receipt T1-000001'), 'esc-pos');
    const toggle = await screen.findByRole('button', { name: 'Printer output, 1 printed' });
    expect(within(screen.getByTestId('bar-slot')).getByRole('button')).toBe(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('region', { name: 'Printer output' })).not.toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const output = screen.getByRole('region', { name: 'Printer output' });
    expect(within(output).getByTestId('printed')).toHaveTextContent('Receipt T1-000001');

    await user.click(toggle);
    expect(screen.queryByRole('region', { name: 'Printer output' })).not.toBeInTheDocument();
  });
});
