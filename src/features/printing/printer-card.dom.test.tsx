// Settings → This till → Printer (issue 19): connecting the virtual printer, choosing model, paper and what
// happens after a sale, kept on the device; the test page appears in 'Printer output', decoded from bytes.
import '@testing-library/jest-dom/vitest';
import { afterEach, describe, expect, test } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PrinterCard } from './printer-card';
import { PRINTER_SETTINGS_KEY, readPrinterSettings, type SettingsStorage } from './printer-settings';
import { TillPrinter } from './till-printer';
import { VirtualTransport, virtualRoll } from './virtual-printer';
import { printerModel } from './printer-models';

afterEach(() => {
  cleanup();
  virtualRoll.clear();
});

function setUp() {
  const values = new Map<string, string>();
  const storage: SettingsStorage = {
    getItem: (key) => values.get(key) ?? null,
    setItem: (key, value) => void values.set(key, value),
  };
  const printer = new TillPrinter({
    storage,
    transport: (_kind, language) => Promise.resolve(new VirtualTransport(virtualRoll, language)),
  });
  render(<PrinterCard printer={printer} />);
  return { storage, values, printer, user: userEvent.setup() };
}

describe('the printer card', () => {
  test('no printer: the browser dialog prints, and there is no test page to print', () => {
    setUp();
    expect(screen.getByTestId('printer-status')).toHaveTextContent(
      "No printer: receipts print through the browser's print dialog.",
    );
    expect(screen.queryByRole('button', { name: 'Print test page' })).not.toBeInTheDocument();
  });

  test('the virtual printer: connected, its options saved on the device, the test page in Printer output', async () => {
    const { storage, user } = setUp();
    await user.click(screen.getByRole('button', { name: 'Use the virtual printer' }));
    expect(await screen.findByTestId('printer-status')).toHaveTextContent(
      'Connected: Virtual printer (virtual).',
    );
    await user.selectOptions(screen.getByLabelText('Printer model'), 'Star mC-Print2');
    expect(screen.getByLabelText('Paper width')).toHaveValue('58');
    await user.selectOptions(screen.getByLabelText('Copies after each sale'), '2');
    await user.click(screen.getByLabelText('Open drawer on cash'));
    await user.click(screen.getByLabelText('Print a receipt after each sale'));
    expect(readPrinterSettings(storage)).toMatchObject({
      transport: 'virtual',
      model: 'star-mc-print2',
      width: 58,
      copies: 2,
      openDrawerOnCash: false,
      autoPrint: false,
    });

    await user.click(screen.getByRole('button', { name: 'Print test page' }));
    const output = await screen.findByRole('region', { name: 'Printer output' });
    const paper = await within(output).findByTestId('printed');
    expect(paper).toHaveTextContent('Tillpoint test');
    expect(paper).toHaveTextContent(`${printerModel('star-mc-print2').name}, 58 mm`);
    expect(paper).toHaveTextContent('[cut]');

    await user.click(screen.getByRole('button', { name: 'Open drawer' }));
    expect(await within(output).findByText('[drawer kick]')).toBeInTheDocument();
  });

  test('forgetting the printer goes back to the browser dialog', async () => {
    const { values, user } = setUp();
    await user.click(screen.getByRole('button', { name: 'Use the virtual printer' }));
    await screen.findByText(/^Connected/);
    await user.click(screen.getByRole('button', { name: 'Forget printer' }));
    expect(screen.getByTestId('printer-status')).toHaveTextContent(/^No printer/);
    expect(JSON.parse(values.get(PRINTER_SETTINGS_KEY) ?? '{}')).toMatchObject({ transport: null });
  });
});
