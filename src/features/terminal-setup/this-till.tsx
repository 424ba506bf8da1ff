// Settings → "This till": the terminal this device is for the shop (code, name, store), or the setup form
// when it is not a till yet. Reads the ledger live, so a setup in another tab shows here too.
import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useCallback, type ReactNode } from 'react';
import { companyRows } from '../../data/local/mirror-reads';
import { terminalFor } from '../../data/local/terminal';
import type { TerminalIdentity } from '../../data/local/ledger-types';
import { Card } from '../../ui/layout';
import { TerminalSetupForm } from './terminal-setup-form';
import type { TerminalSetupDeps } from './terminal-setup-deps';
import { readyValue, useLiveQuery } from '../../ui/use-live-query';

export function ThisTill({
  deps,
  children,
}: {
  deps: TerminalSetupDeps;
  /** What other features show per till; a function when it needs the till (its card reader). */
  children?: ReactNode | ((terminal: TerminalIdentity) => ReactNode);
}) {
  const { ledger, mirror, companyId } = deps;
  const terminalQuery = useCallback(
    async () => (await terminalFor(ledger, companyId)) ?? null,
    [ledger, companyId],
  );
  const storesQuery = useCallback(() => companyRows(mirror, 'stores', companyId), [mirror, companyId]);
  const answer = useLiveQuery(terminalQuery);
  const stores = readyValue(useLiveQuery(storesQuery));

  if (answer.kind !== 'ready') return null;
  const terminal = answer.value;
  if (terminal === null) {
    return (
      <Card title={t`This till`} className="terminal-setup-card">
        <p className="terminal-setup__note">
          <Trans>
            This device is not a till yet. Choose its store and give it a name; it needs the network once.
          </Trans>
        </p>
        <TerminalSetupForm deps={deps} onDone={() => undefined} />
      </Card>
    );
  }
  const store = stores?.find((row) => row.id === terminal.store_id);
  const storeName = typeof store?.name === 'string' ? store.name : t`Not synced yet`;
  return (
    <Card title={t`This till`} className="terminal-setup-card">
      <dl className="terminal-setup__facts">
        <dt>
          <Trans>Code</Trans>
        </dt>
        <dd>{terminal.code}</dd>
        <dt>
          <Trans>Name</Trans>
        </dt>
        <dd>{terminal.name}</dd>
        <dt>
          <Trans>Store</Trans>
        </dt>
        <dd>{storeName}</dd>
      </dl>
      {/* The route adds what other features set per till (shared mode, issue 18). */}
      {typeof children === 'function' ? children(terminal) : children}
    </Card>
  );
}
