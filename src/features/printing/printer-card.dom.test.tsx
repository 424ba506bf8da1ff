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
import type { ImageTools } from './logo-image';
import { LOOK, SALE_DOC, testLogo } from './print-fixtures';

/** Files whose name ends in .png decode as a 1000 × 250 picture; the PNG kept says the size it was drawn at. */
const IMAGES: ImageTools = {
  decode: (file) =>
    Promise.resolve(
      file instanceof File && file.name.endsWith('.png')
        ? { width: 1000, height: 250, source: {} as CanvasImageSource }
        : null,
    ),
  toPng: (_image, width, height) => `data:image/png;base64,${btoa(`${width}x${height}`)}`,
  pixels: () => Promise.resolve(testLogo(8, 8)),
};

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
    logoPixels: IMAGES.pixels,
  });
  render(<PrinterCard printer={printer} imageTools={IMAGES} />);
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

describe('the receipt logo', () => {
  test('a picture is scaled to the paper, previewed and kept; a refused file leaves it; Remove logo removes it', async () => {
    const { storage, user } = setUp();
    const logo = within(screen.getByRole('group', { name: 'Receipt logo' }));
    expect(logo.getByText("No logo: receipts start with the shop's name.")).toBeInTheDocument();
    await user.upload(
      logo.getByLabelText('Choose a picture'),
      new File(['png'], 'corner-bakery.png', { type: 'image/png' }),
    );
    const preview = await logo.findByRole('img', { name: 'Receipt logo, 504 × 120 dots' });
    expect(preview).toHaveAttribute('src', `data:image/png;base64,${btoa('504x120')}`);
    expect(readPrinterSettings(storage).logo).toEqual({
      dataUrl: `data:image/png;base64,${btoa('504x120')}`,
      width: 504,
      height: 120,
    });

    // user.upload honours accept="image/*"; a file the browser's dialog lets through anyway is refused.
    await userEvent
      .setup({ applyAccept: false })
      .upload(
        logo.getByLabelText('Choose another picture'),
        new File(['%PDF'], 'price-list.pdf', { type: 'application/pdf' }),
      );
    expect(await logo.findByRole('alert')).toHaveTextContent(
      'price-list.pdf is not a picture: choose a PNG, JPEG, GIF or WebP image.',
    );
    await user.upload(
      logo.getByLabelText('Choose another picture'),
      new File(['?'], 'broken.gif', { type: 'image/gif' }),
    );
    expect(await logo.findByRole('alert')).toHaveTextContent('broken.gif could not be read as a picture');
    expect(readPrinterSettings(storage).logo?.width).toBe(504);
    expect(logo.getByRole('img', { name: 'Receipt logo, 504 × 120 dots' })).toBeInTheDocument();

    // On 58 mm paper a new picture is scaled to its 384 dots.
    await user.selectOptions(screen.getByLabelText('Paper width'), '58');
    await user.upload(
      logo.getByLabelText('Choose another picture'),
      new File(['png'], 'corner-bakery.png', { type: 'image/png' }),
    );
    expect(await logo.findByRole('img', { name: 'Receipt logo, 384 × 96 dots' })).toBeInTheDocument();
    expect(logo.queryByRole('alert')).not.toBeInTheDocument();

    await user.click(logo.getByRole('button', { name: 'Remove logo' }));
    expect(logo.queryByRole('img')).not.toBeInTheDocument();
    expect(readPrinterSettings(storage).logo).toBeNull();
  });

  test('the virtual printer shows the logo where it prints', async () => {
    const { user, printer } = setUp();
    await user.click(screen.getByRole('button', { name: 'Use the virtual printer' }));
    await screen.findByText(/^Connected/);
    printer.update({ logo: { dataUrl: 'data:image/png;base64,AAAA', width: 64, height: 16 } });
    await printer.printReceipt(SALE_DOC, LOOK, { afterSale: false, cash: false, gesture: true });
    const output = await screen.findByRole('region', { name: 'Printer output' });
    const paper = await within(output).findByTestId('printed');
    expect(
      paper.textContent
        .split('\n')
        .slice(0, 2)
        .map((line) => line.trim()),
    ).toEqual(['[image 8x8]', 'Demo Shop']);
  });
});
