// [SW-2] The register's honest line about offline: 'Getting ready to work offline… stay online' until the
// service worker controls the page, its cache holds every file of this version and the counter's on-demand
// parts are loaded; then 'Ready to work offline'. Nothing where there is no service worker (`vite dev`, tests).
import { useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import {
  askPrecacheStatus,
  checkOfflineReadiness,
  readinessText,
  type OfflineReadiness,
  type ReadinessSource,
} from '../../lib/offline-readiness';
import { COUNTER_PARTS } from './counter-parts';

function browserSource(): ReadinessSource {
  const container = import.meta.env.PROD && 'serviceWorker' in navigator ? navigator.serviceWorker : null;
  return { container, askStatus: askPrecacheStatus, parts: COUNTER_PARTS };
}

export function OfflineReadinessStatus({ source }: { source?: ReadinessSource }) {
  const { t } = useLingui();
  const [state, setState] = useState<OfflineReadiness>({ kind: 'unsupported' });
  useEffect(() => checkOfflineReadiness(source ?? browserSource(), setState), [source]);
  const text = readinessText(state);
  if (text === null) return null;
  const readinessClass = `offline-readiness offline-readiness--${state.kind}`;
  return (
    <p role="status" aria-label={t`Offline readiness`} className={readinessClass}>
      {text}
    </p>
  );
}
