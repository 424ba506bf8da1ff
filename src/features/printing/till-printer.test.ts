// The till's printer over the in-memory twin of a transport (issue 19): what prints after a sale, how a
// printer that is off or unplugged is told in words and printed to again, and what a reload remembers.
import { describe, expect, test } from 'vitest';
import { MemoryTransport } from './memory-transport';
import { decodePrint } from './printer-decoder';
import { LOOK, SALE_DOC, testLogo } from './print-fixtures';
import { PRINTER_SETTINGS_KEY, type SettingsStorage } from './printer-settings';
import { TillPrinter } from './till-printer';

function memoryStorage(): SettingsStorage & { values: Map<string, string> } {
  const values = new Map<string, string>();
  return {
    values,
    getItem: (key) => values.get(key) ?? null,
    setItem: (key, value) => {
      values.set(key, value);
    },
  };
}

/** Stored logos decode to a 96 × 48 picture, and the test can see which were read. */
function logoReader() {
  const read: string[] = [];
  const pixels = (dataUrl: string) => {
    read.push(dataUrl);
    return Promise.resolve(testLogo(96, 48));
  };
  return { read, pixels };
}

function world(storage = memoryStorage(), printer = new MemoryTransport('usb'), logos = logoReader()) {
  const till = new TillPrinter({
    storage,
    transport: () => Promise.resolve(printer),
    logoPixels: logos.pixels,
  });
  return { till, printer, storage, logos };
}

const afterCashSale = { afterSale: true, cash: true, gesture: false };
const paper = (bytes: Uint8Array | undefined) => decodePrint(bytes ?? new Uint8Array(), 'esc-pos');

describe('TillPrinter', () => {
  test('without a printer nothing is sent and the caller is told to use the browser', async () => {
    const { till, printer } = world();
    expect(till.isSet()).toBe(false);
    const outcome = await till.printReceipt(SALE_DOC, LOOK, afterCashSale);
    expect(outcome.ok).toBe(false);
    expect(printer.printed).toEqual([]);
  });

  test('after a cash sale: the copies print, the drawer kick only on the first', async () => {
    const { till, printer } = world();
    expect(await till.choose('usb')).toEqual({ ok: true });
    till.update({ copies: 2 });
    expect(await till.printReceipt(SALE_DOC, LOOK, afterCashSale)).toEqual({ ok: true });
    expect(printer.printed).toHaveLength(2);
    expect(paper(printer.printed[0])[0]).toBe('[drawer kick]');
    expect(paper(printer.printed[1])).not.toContain('[drawer kick]');
    expect(paper(printer.printed[1]).map((line) => line.trim())).toContain('Receipt T1-000042');
  });

  test('a card sale never kicks the drawer; with automatic printing off a cash sale only kicks it', async () => {
    const { till, printer } = world();
    await till.choose('usb');
    await till.printReceipt(SALE_DOC, LOOK, { ...afterCashSale, cash: false });
    expect(paper(printer.printed[0])).not.toContain('[drawer kick]');
    till.update({ autoPrint: false });
    await till.printReceipt(SALE_DOC, LOOK, afterCashSale);
    expect(paper(printer.printed[1])).toEqual(['[drawer kick]']);
    await till.printReceipt(SALE_DOC, LOOK, { ...afterCashSale, cash: false });
    expect(printer.printed).toHaveLength(2);
  });

  test('a printer unplugged: the print fails in words, the state says so, and Print again prints once it is back', async () => {
    const { till, printer } = world();
    await till.choose('usb');
    printer.unplug();
    expect(till.status()).toEqual({ kind: 'not_connected', message: 'The printer was disconnected.' });
    const failed = await till.printReceipt(SALE_DOC, LOOK, afterCashSale);
    expect(failed).toEqual({
      ok: false,
      message: 'The printer is not connected: check that it is switched on, plugged in and has paper.',
    });
    expect(printer.printed).toEqual([]);
    printer.plugIn();
    expect(await till.printReceipt(SALE_DOC, LOOK, { afterSale: false, cash: true, gesture: true })).toEqual({
      ok: true,
    });
    expect(printer.printed).toHaveLength(1);
    // 'Print again' is one copy and never opens the drawer a second time.
    expect(paper(printer.printed[0])).not.toContain('[drawer kick]');
    expect(till.status().kind).toBe('connected');
  });

  test('the choice survives a reload and the printer is found again without asking', async () => {
    const storage = memoryStorage();
    const first = world(storage);
    await first.till.choose('usb');
    first.till.update({ model: 'star-mc-print2', width: 58, openDrawerOnCash: false });
    expect(JSON.parse(storage.values.get(PRINTER_SETTINGS_KEY) ?? '{}')).toMatchObject({
      transport: 'usb',
      device: { serialNumber: 'TEST-1' },
      model: 'star-mc-print2',
      width: 58,
    });
    const reloaded = world(storage, new MemoryTransport('usb'));
    expect(reloaded.till.isSet()).toBe(true);
    expect(reloaded.till.status().kind).toBe('not_connected');
    await reloaded.till.reconnect();
    expect(reloaded.till.status()).toEqual({ kind: 'connected', name: 'Test printer' });
    await reloaded.till.openDrawer({ gesture: false });
    expect(decodePrint(reloaded.printer.printed[0] ?? new Uint8Array(), 'star-prnt')).toEqual([
      '[drawer kick]',
    ]);
  });

  test('the receipt logo prints at the top of every receipt, read once, and is kept across a reload', async () => {
    const storage = memoryStorage();
    const { till, printer, logos } = world(storage);
    await till.choose('usb');
    const logo = { dataUrl: 'data:image/png;base64,AAAA', width: 96, height: 48 };
    till.update({ logo, copies: 2 });
    await till.printReceipt(SALE_DOC, LOOK, afterCashSale);
    const first = paper(printer.printed[0]).map((line) => line.trim());
    expect(first.slice(0, 3)).toEqual(['[drawer kick]', '[image 96x48]', 'Demo Shop']);
    expect(paper(printer.printed[1])[0]).toBe('[image 96x48]');
    expect(logos.read).toEqual([logo.dataUrl]);
    expect(world(storage).till.settings().logo).toEqual(logo);
    till.update({ logo: null });
    await till.printReceipt(SALE_DOC, LOOK, { ...afterCashSale, cash: false, afterSale: false });
    expect(paper(printer.printed[2])[0]?.trim()).toBe('Demo Shop');
  });

  test.each([
    ['paper_out', "The printer is out of paper. Put in a new roll, then press 'Print again'."],
    ['cover_open', "The printer's cover is open. Close it, then press 'Print again'."],
    [
      'offline',
      "The printer is offline: check it for jammed paper or a blinking light, then press 'Print again'.",
    ],
  ] as const)(
    'a printer that says %s: nothing is sent, the cashier reads what to do, Print again prints',
    async (health, message) => {
      const { till, printer } = world();
      await till.choose('usb');
      printer.health = health;
      expect(await till.printReceipt(SALE_DOC, LOOK, afterCashSale)).toEqual({ ok: false, message });
      expect(printer.printed).toEqual([]);
      // Still connected: it is the paper, not the cable.
      expect(till.status().kind).toBe('connected');
      printer.health = 'ready';
      expect(await till.printReceipt(SALE_DOC, LOOK, { ...afterCashSale, gesture: true })).toEqual({
        ok: true,
      });
      expect(printer.printed).toHaveLength(1);
    },
  );

  test('each model is asked in its own language; a transport that cannot read is not asked and prints', async () => {
    const { till, printer } = world();
    await till.choose('usb');
    await till.openDrawer({ gesture: false });
    till.update({ model: 'star-mc-print2' });
    await till.openDrawer({ gesture: false });
    expect(printer.queries.map((query) => Array.from(query))).toEqual([
      [0x10, 0x04, 1, 0x10, 0x04, 2],
      [0x1b, 0x06, 0x01],
    ]);
    printer.readable = false;
    printer.health = 'paper_out';
    expect(await till.openDrawer({ gesture: false })).toEqual({ ok: true });
    expect(printer.queries).toHaveLength(2);
    expect(printer.printed).toHaveLength(3);
  });

  test('forgetting the printer goes back to the browser dialog', async () => {
    const { till } = world();
    await till.choose('usb');
    await till.forget();
    expect(till.isSet()).toBe(false);
    expect(till.status()).toEqual({ kind: 'none' });
  });
});
