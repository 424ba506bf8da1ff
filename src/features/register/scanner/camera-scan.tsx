// 'Scan with camera' at the register: a dialog (React Aria) that reads a barcode with the camera where the
// browser has BarcodeDetector — that part is loaded only when opened — and always offers typing the code by
// hand, which is all there is where the browser has no detector. A code read either way goes to `onCode`,
// exactly like a hardware scan.
import { Trans, useLingui } from '@lingui/react/macro';
import { lazy, Suspense, useState, type SyntheticEvent } from 'react';
import { Dialog } from '../../../ui/dialog';
import { canScanWithCamera } from './camera-support';

const CameraScanner = lazy(() => import('./camera-scanner'));

export function CameraScan({ onCode }: { onCode: (code: string) => void }) {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  const [camera] = useState(canScanWithCamera);
  const take = (code: string) => {
    setOpen(false);
    onCode(code);
  };
  return (
    <>
      <button
        type="button"
        className="button button--secondary"
        onClick={() => {
          setOpen(true);
        }}
      >
        <Trans>Scan with camera</Trans>
      </button>
      <Dialog title={t`Scan a barcode`} isOpen={open} onOpenChange={setOpen}>
        {camera ? (
          <Suspense
            fallback={
              <p>
                <Trans>Starting the camera…</Trans>
              </p>
            }
          >
            <CameraScanner onCode={take} />
          </Suspense>
        ) : (
          <p className="finder__hint">
            <Trans>This browser cannot read barcodes with the camera. Type the code instead.</Trans>
          </p>
        )}
        <ManualCode onCode={take} />
      </Dialog>
    </>
  );
}

function ManualCode({ onCode }: { onCode: (code: string) => void }) {
  const { t } = useLingui();
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    const trimmed = code.trim();
    if (trimmed === '') {
      setProblem(t`Type the digits under the barcode.`);
      return;
    }
    onCode(trimmed);
  };
  return (
    <form className="camera__manual" onSubmit={submit} noValidate>
      <div className="field">
        <label htmlFor="manual-barcode" className="field__label">
          <Trans>Barcode</Trans>
        </label>
        <input
          id="manual-barcode"
          className="field__input"
          inputMode="numeric"
          autoComplete="off"
          value={code}
          aria-invalid={problem !== null}
          onChange={(event) => {
            setCode(event.target.value);
            setProblem(null);
          }}
        />
        {problem !== null ? (
          <p className="field__error" role="alert">
            {problem}
          </p>
        ) : null}
      </div>
      <div className="dialog__actions">
        <button type="submit" className="button button--primary">
          <Trans>Add</Trans>
        </button>
      </div>
    </form>
  );
}
