// Settings → This till → Printer (issue 19): connect a receipt printer over USB, serial or Bluetooth, or
// the virtual printer; choose its model and paper; print a test page; say what happens after a sale. All of
// it is this device's, kept across reloads (printer-settings.ts). The browser asks which printer on
// 'Connect'; after a reload USB and serial printers come back on their own, a Bluetooth one on the first
// print (one tap). The receipt logo is picked here too, checked, scaled to the paper and kept on the device.
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Alert } from '../../ui/alert';
import { SelectField } from '../../ui/select-field';
import { browserImageTools, prepareLogo, type ImageTools } from './logo-image';
import { PRINTER_MODELS, printableDots, printerModel, type PaperWidth } from './printer-models';
import type { PrinterSettings } from './printer-settings';
import type { TransportKind } from './printer-transport';
import type { PrinterState, PrintOutcome, TillPrinter } from './till-printer';
import { useTillPrinter } from './use-till-printer';
import './printing.css';

const VirtualPrinterPanel = lazy(() => import('./virtual-printer-panel'));

const CONNECTIONS: readonly { kind: TransportKind; label: MessageDescriptor }[] = [
  { kind: 'usb', label: msg`Connect USB printer` },
  { kind: 'serial', label: msg`Connect serial printer` },
  { kind: 'bluetooth', label: msg`Connect Bluetooth printer` },
  { kind: 'virtual', label: msg`Use the virtual printer` },
];

const KIND_NAMES: Readonly<Record<TransportKind, MessageDescriptor>> = {
  usb: msg`USB`,
  serial: msg`serial`,
  bluetooth: msg`Bluetooth`,
  virtual: msg`virtual`,
};

export function PrinterCard({
  printer,
  imageTools = browserImageTools,
}: {
  printer: TillPrinter;
  /** The browser's canvas; tests give their own. */
  imageTools?: ImageTools;
}) {
  const { t, i18n } = useLingui();
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
  const status = statusWords(i18n, settings, state);

  return (
    <section className="printer-card" aria-labelledby="printer-card-title">
      <h3 id="printer-card-title">
        <Trans>Printer</Trans>
      </h3>
      <p data-testid="printer-status">{status}</p>
      <div className="printer-card__connect">
        {CONNECTIONS.map(({ kind, label }) => (
          <button
            key={kind}
            type="button"
            className="button button--secondary"
            disabled={busy}
            onClick={() => void run(() => printer.choose(kind), t`The printer is connected.`)}
          >
            {t(label)}
          </button>
        ))}
      </div>
      <div className="printer-card__options">
        <SelectField
          label={t`Printer model`}
          name="printer-model"
          value={model.id}
          options={PRINTER_MODELS.map((option) => ({ value: option.id, label: option.name }))}
          onChange={(id) => {
            printer.update({ model: id, width: printerModel(id).width });
          }}
        />
        <SelectField
          label={t`Paper width`}
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
          label={t`Copies after each sale`}
          name="printer-copies"
          value={String(settings.copies)}
          options={['1', '2', '3'].map((count) => ({ value: count, label: count }))}
          onChange={(copies) => {
            printer.update({ copies: Number(copies) });
          }}
        />
        <SelectField
          label={t`Receipt number as`}
          name="printer-code"
          value={settings.code}
          options={[
            { value: 'barcode', label: t`Barcode` },
            { value: 'qr', label: t`QR code` },
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
        <Trans>Print a receipt after each sale</Trans>
      </label>
      <label className="printer-card__check">
        <input
          type="checkbox"
          checked={settings.openDrawerOnCash}
          onChange={(event) => {
            printer.update({ openDrawerOnCash: event.target.checked });
          }}
        />
        <Trans>Open drawer on cash</Trans>
      </label>
      <ReceiptLogo printer={printer} imageTools={imageTools} />
      {message ? <Alert tone={message.tone}>{message.text}</Alert> : null}
      {settings.transport !== null ? (
        <div className="printer-card__actions">
          <button
            type="button"
            className="button button--primary"
            disabled={busy}
            onClick={() => void run(() => printer.printTestPage(), t`The test page went to the printer.`)}
          >
            <Trans>Print test page</Trans>
          </button>
          <button
            type="button"
            className="button button--secondary"
            disabled={busy}
            onClick={() =>
              void run(() => printer.openDrawer({ gesture: true }), t`The drawer was sent its kick.`)
            }
          >
            <Trans>Open drawer</Trans>
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
            <Trans>Forget printer</Trans>
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
  const { t, i18n } = useLingui();
  const { settings } = useTillPrinter(printer);
  const [problem, setProblem] = useState<string | null>(null);
  const logo = settings.logo;
  return (
    <fieldset className="printer-card__logo">
      <legend>
        <Trans>Receipt logo</Trans>
      </legend>
      {logo ? (
        <img
          className="printer-card__logo-preview"
          src={logo.dataUrl}
          alt={logoAlt(i18n, logo.width, logo.height)}
          width={logo.width / 2}
          height={logo.height / 2}
        />
      ) : (
        <p>
          <Trans>No logo: receipts start with the shop&apos;s name.</Trans>
        </p>
      )}
      <label className="printer-card__logo-pick">
        {logo ? t`Choose another picture` : t`Choose a picture`}
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
          <Trans>Remove logo</Trans>
        </button>
      ) : null}
      {problem ? <Alert>{problem}</Alert> : null}
    </fieldset>
  );
}

/** The printer's state in one sentence, in the person's language. */
function statusWords(i18n: I18n, settings: PrinterSettings, state: PrinterState): string {
  if (settings.transport === null)
    return i18n._(msg`No printer: receipts print through the browser's print dialog.`);
  const kind = i18n._(KIND_NAMES[settings.transport]);
  if (state.kind === 'connected') {
    const name = state.name;
    return i18n._(msg`Connected: ${name} (${kind}).`);
  }
  const device = settings.deviceName;
  const said = device
    ? i18n._(msg`Not connected: ${device} (${kind}).`)
    : i18n._(msg`Not connected: the printer (${kind}).`);
  return state.kind === 'not_connected' && state.message ? `${said} ${state.message}` : said;
}

function logoAlt(i18n: I18n, width: number, height: number): string {
  return i18n._(msg`Receipt logo, ${width} × ${height} dots`);
}
