// A report's place on the screen while it loads, when it fails (the problem in words) and with its rows.
import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Alert } from '../../../ui/alert';
import type { ReportState } from './use-report';

export function ReportBody<T>({
  state,
  children,
}: {
  state: ReportState<T>;
  children: (rows: T) => ReactNode;
}) {
  if (state === null)
    return (
      <p className="customer-value__loading">
        <Trans>Loading…</Trans>
      </p>
    );
  if ('problem' in state) return <Alert>{state.problem}</Alert>;
  return <>{children(state.rows)}</>;
}
