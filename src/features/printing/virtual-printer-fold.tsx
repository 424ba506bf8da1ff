// The virtual printer's paper at the counter, folded (issue 34, [FIT-1]): a small labelled toggle in the
// counter bar opens the 'Printer output' panel under it, so the paper never lies over the cart, Pay or the
// quick keys, and taps meant for them never land on it. Nothing at all until something is printed (the
// lock screen, a fresh shift). Lazy, with the panel: only a device that prints to the virtual printer
// loads it.
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState, useSyncExternalStore } from 'react';
import { createPortal } from 'react-dom';
import { useBarSlot } from '../../ui/bar-slot';
import { VirtualPrinterPanel } from './virtual-printer-panel';
import { virtualRoll, type VirtualRoll } from './virtual-printer';

export default function VirtualPrinterFold({ roll = virtualRoll }: { roll?: VirtualRoll }) {
  const { t, i18n } = useLingui();
  const jobs = useSyncExternalStore(roll.subscribe, roll.get);
  const [open, setOpen] = useState(false);
  const slot = useBarSlot();
  if (jobs.length === 0) return null;
  const fold = (
    <div className={slot ? 'virtual-printer-dock' : 'virtual-printer-dock virtual-printer-dock--corner'}>
      <button
        type="button"
        className="button button--secondary virtual-printer-dock__toggle"
        aria-expanded={open}
        aria-controls="virtual-printer-output"
        aria-label={printedLabel(i18n, jobs.length)}
        title={t`Printer output`}
        onClick={() => {
          setOpen((now) => !now);
        }}
      >
        <PrinterIcon />
        {/* The words give way to the icon on a phone, where the bar's room is for who is selling. */}
        <span className="virtual-printer-dock__words">
          <Trans>Printer output</Trans>
        </span>
        <span className="virtual-printer-dock__count">{jobs.length}</span>
      </button>
      {open ? (
        <div id="virtual-printer-output" className="virtual-printer-dock__panel">
          <VirtualPrinterPanel roll={roll} />
        </div>
      ) : null}
    </div>
  );
  return slot ? createPortal(fold, slot) : fold;
}

function PrinterIcon() {
  return (
    <svg className="virtual-printer-dock__icon" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
      <path
        d="M7 8V3h10v5M7 17H4v-7h16v7h-3M7 14h10v7H7z"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinejoin="round"
      />
    </svg>
  );
}

function printedLabel(i18n: I18n, count: number): string {
  return i18n._(msg`Printer output, ${count} printed`);
}
