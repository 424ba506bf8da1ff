// A quiet "working on it" indicator with a text alternative.
import { useLingui } from '@lingui/react/macro';
export function Spinner({ label }: { label?: string }) {
  const { t } = useLingui();
  const shown = label ?? t`Loading`;
  return (
    <div className="spinner" role="status">
      <span className="spinner__dot" aria-hidden="true" />
      <span className="spinner__label">{shown}…</span>
    </div>
  );
}
