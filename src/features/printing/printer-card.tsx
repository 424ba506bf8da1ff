// Settings → This till → Printer (issue 19): connect a receipt printer over USB, serial or Bluetooth, or
// the virtual printer; choose its model and paper; print a test page; say what happens after a sale. All of
// it is this device's, kept across reloads (printer-settings.ts). The browser asks which printer on
// 'Connect'; after a reload USB and serial printers come back on their own, a Bluetooth one on the first
// print (one tap). The receipt logo is picked here too, checked, scaled to the paper and kept on the device.
import { lazy, Suspense, useEffect, useState } from 'react';
import { Alert } from '../../ui/alert';
import { SelectField } from '../../ui/select-field';
import { browserImageTools, prepareLogo, type ImageTools } from './logo-image';
import { PRINTER_MODELS, printableDots, printerModel, type PaperWidth } from './printer-models';
import type { TransportKind } from './printer-transport';
import type { PrintOutcome, TillPrinter } from './till-printer';
import { useTillPrinter } from './use-till-printer';
import './printing.css';

const VirtualPrinterPanel = lazy(() => import('./virtual-printer-panel'));

const CONNECTIONS: readonly { kind: TransportKind; label: string }[] = [
  { kind: 'usb', label: 'Connect USB printer' },
  { kind: 'serial', label: 'Connect serial printer' },
  { kind: 'bluetooth', label: 'Connect Bluetooth printer' },
  { kind: 'virtual', label: 'Use the virtual printer' },
];

const KIND_NAMES: Readonly<Record<TransportKind, string>> = {
  usb: 'USB',
  serial: 'serial',
  bluetooth: 'Bluetooth',
  virtual: 'virtual',
};

export function PrinterCard({
  printer,
  imageTools = browserImageTools,
}: {
  printer: TillPrinter;
  /** The browser's canvas; tests give their own. */
  imageTools?: ImageTools;
}) {
  const { settings, state } = useTillPrinter(printer);
  const [message, setMessage] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    void printer.reconnect();
  }, [printer]);

  async function run(action: () => Promise<PrintOutcome>, success: string) {
    setBusy(true);
    const outcome = await action();
    setBusy(false);
    setMessage(outcome.ok ? { tone: 'success', text: success } : { tone: 'error', text: outcome.message });
  }

  const model = printerModel(settings.model);
  const status =
    settings.transport === null
      ? "No printer: receipts print through the browser's print dialog."
      : state.kind === 'connected'
        ? `Connected: ${state.name} (${KIND_NAMES[settings.transport]}).`
        : `Not connected: ${settings.deviceName ?? 'the printer'} (${KIND_NAMES[settings.transport]}).${
            state.kind === 'not_connected' && state.message ? ` ${state.message}` : ''
          }`;

  return (
    <section className="printer-card" aria-labelledby="printer-card-title">
      <h3 id="printer-card-title">Printer</h3>
      <p data-testid="printer-status">{status}</p>
      <div className="printer-card__connect">
        {CONNECTIONS.map(({ kind, label }) => (
          <button
            key={kind}
            type="button"
            className="button button--secondary"
            disabled={busy}
            onClick={() => void run(() => printer.choose(kind), 'The printer is connected.')}
          >
            {label}
          </button>
        ))}
      </div>
      <div className="printer-card__options">
        <SelectField
          label="Printer model"
          name="printer-model"
          value={model.id}
          options={PRINTER_MODELS.map((option) => ({ value: option.id, label: option.name }))}
          onChange={(id) => {
            printer.update({ model: id, width: printerModel(id).width });
          }}
        />
        <SelectField
          label="Paper width"
          name="printer-width"
          value={String(settings.width)}
          options={[
            { value: '80', label: '80 mm' },
            { value: '58', label: '58 mm' },
          ]}
          onChange={(width) => {
            printer.update({ width: Number(width) as PaperWidth });
          }}
        />
        <SelectField
          label="Copies after each sale"
          name="printer-copies"
          value={String(settings.copies)}
          options={['1', '2', '3'].map((count) => ({ value: count, label: count }))}
          onChange={(copies) => {
            printer.update({ copies: Number(copies) });
          }}
        />
        <SelectField
          label="Receipt number as"
          name="printer-code"
          value={settings.code}
          options={[
            { value: 'barcode', label: 'Barcode' },
            { value: 'qr', label: 'QR code' },
          ]}
          onChange={(code) => {
            printer.update({ code: code === 'qr' ? 'qr' : 'barcode' });
          }}
        />
      </div>
      <label className="printer-card__check">
        <input
          type="checkbox"
          checked={settings.autoPrint}
          onChange={(event) => {
            printer.update({ autoPrint: event.target.checked });
          }}
        />
        Print a receipt after each sale
      </label>
      <label className="printer-card__check">
        <input
          type="checkbox"
          checked={settings.openDrawerOnCash}
          onChange={(event) => {
            printer.update({ openDrawerOnCash: event.target.checked });
          }}
        />
        Open drawer on cash
      </label>
      <ReceiptLogo printer={printer} imageTools={imageTools} />
      {message ? <Alert tone={message.tone}>{message.text}</Alert> : null}
      {settings.transport !== null ? (
        <div className="printer-card__actions">
          <button
            type="button"
            className="button button--primary"
            disabled={busy}
            onClick={() => void run(() => printer.printTestPage(), 'The test page went to the printer.')}
          >
            Print test page
          </button>
          <button
            type="button"
            className="button button--secondary"
            disabled={busy}
            onClick={() =>
              void run(() => printer.openDrawer({ gesture: true }), 'The drawer was sent its kick.')
            }
          >
            Open drawer
          </button>
          <button
            type="button"
            className="button button--ghost"
            disabled={busy}
            onClick={() => {
              setMessage(null);
              void printer.forget();
            }}
          >
            Forget printer
          </button>
        </div>
      ) : null}
      {settings.transport === 'virtual' ? (
        <Suspense fallback={null}>
          <VirtualPrinterPanel />
        </Suspense>
      ) : null}
    </section>
  );
}

/**
 * 'Receipt logo': a picture the browser can decode, under 2 MB, scaled to this paper's printable width and
 * kept with the printer's settings; a file that is refused leaves the previous logo as it was.
 */
function ReceiptLogo({ printer, imageTools }: { printer: TillPrinter; imageTools: ImageTools }) {
  const { settings } = useTillPrinter(printer);
  const [problem, setProblem] = useState<string | null>(null);
  const logo = settings.logo;
  return (
    <fieldset className="printer-card__logo">
      <legend>Receipt logo</legend>
      {logo ? (
        <img
          className="printer-card__logo-preview"
          src={logo.dataUrl}
          alt={`Receipt logo, ${logo.width} × ${logo.height} dots`}
          width={logo.width / 2}
          height={logo.height / 2}
        />
      ) : (
        <p>No logo: receipts start with the shop's name.</p>
      )}
      <label className="printer-card__logo-pick">
        {logo ? 'Choose another picture' : 'Choose a picture'}
        <input
          type="file"
          accept="image/*"
          onChange={(event) => {
            const input = event.currentTarget;
            const file = input.files?.[0];
            input.value = '';
            if (!file) return;
            void prepareLogo(file, printableDots(settings.width), imageTools).then((choice) => {
              setProblem(choice.ok ? null : choice.message);
              if (choice.ok) printer.update({ logo: choice.logo });
            });
          }}
        />
      </label>
      {logo ? (
        <button
          type="button"
          className="button button--ghost"
          onClick={() => {
            setProblem(null);
            printer.update({ logo: null });
          }}
        >
          Remove logo
        </button>
      ) : null}
      {problem ? <Alert>{problem}</Alert> : null}
    </fieldset>
  );
}
