// Opening a shift on this till: the opening float, typed or counted by denomination. Recorded offline in
// the ledger and queued as `shift.open` ([SHIFT-1]).
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { openShift } from '../../data/ops/shift-open';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Card } from '../../ui/layout';
import { CashCount } from './cash-count';
import type { CommandDeps } from '../../data/local/command-deps';
import { signedInCashier, type SignCashier } from '../../domain/cashier-stamp';

/** What opening a shift needs: the ledger's command deps, the company, who opens it and the currency. */
export interface OpenShiftSources {
  commandDeps: CommandDeps;
  companyId: string;
  userId: string | null;
  currency: string;
  /** A shared till (issue 18): who opens it, signed for the shift; the signed-in user by default. */
  signCashier?: SignCashier;
}

export function OpenShiftForm({
  deps,
  terminalName,
  title,
  onOpened,
}: {
  deps: OpenShiftSources;
  terminalName: string;
  title?: string;
  /** Told once the shift is recorded (the register's handover closes its dialog). */
  onOpened?: () => void;
}) {
  const { t } = useLingui();
  const [float, setFloat] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function open() {
    if (float === null) {
      setError(t`Enter the opening float (0 for an empty drawer).`);
      return;
    }
    setBusy(true);
    const id = deps.commandDeps.ids();
    const stamp = await (deps.signCashier ?? signedInCashier(deps.userId))('shift.open', id);
    const result = await openShift(deps.commandDeps, {
      companyId: deps.companyId,
      openingFloat: float,
      cashierId: deps.userId,
      id,
      stamp,
    });
    setBusy(false);
    setError(result.ok ? null : result.error.message);
    if (result.ok) onOpened?.();
  }

  return (
    <Card title={title ?? t`Open a shift on ${terminalName}`}>
      <form
        className="shift-form"
        onSubmit={(event) => {
          event.preventDefault();
          void open();
        }}
      >
        <CashCount
          label={t`Opening float`}
          name="opening-float"
          currency={deps.currency}
          onChange={setFloat}
        />
        {error ? <Alert>{error}</Alert> : null}
        <Button type="submit" isDisabled={busy}>
          <Trans>Open shift</Trans>
        </Button>
      </form>
    </Card>
  );
}
