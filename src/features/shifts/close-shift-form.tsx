// Closing the shift: count the drawer (typed or by denomination), see expected against counted and over or
// short as you count, then close offline (`shift.close`). Over the company's limit a manager or owner
// closing approves the difference; a cashier's close is left for a manager ([CASHUP-8]).
import { useState } from 'react';
import { closeShift } from '../../data/ops/shift-close';
import { askNoApproval, signedInCashier, withApproval } from '../../domain/cashier-stamp';
import { formatMoney } from '../../domain/money-text';
import { differenceNeedsApproval } from '../../domain/shared-till-rules';
import { cashDifference } from '../../domain/shift';
import { approvalAtClose } from '../../domain/shift-ledger-report';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Card } from '../../ui/layout';
import { TextField } from '../../ui/text-field';
import { CashCount } from './cash-count';
import type { ShiftsDeps } from './shifts-deps';

/** What closing needs: the shifts screen's deps without the server's history (the register's handover has none). */
export type CloseShiftDeps = Pick<
  ShiftsDeps,
  'commandDeps' | 'userId' | 'role' | 'settings' | 'signCashier' | 'approve'
>;

export function CloseShiftForm({
  deps,
  shiftId,
  expected,
  onCancel,
  onClosed,
}: {
  deps: CloseShiftDeps;
  shiftId: string;
  expected: number;
  onCancel: () => void;
  onClosed: (counted: number) => void;
}) {
  const [counted, setCounted] = useState<number | null>(null);
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const currency = deps.settings.currency;
  const money = (amount: number) => formatMoney(amount, currency);
  const difference =
    counted === null ? null : cashDifference(counted, expected, deps.settings.cashDifferenceLimit);
  const approval = difference ? approvalAtClose(difference, { userId: deps.userId, role: deps.role }) : null;

  async function close() {
    if (counted === null) {
      setError('Count the cash in the drawer first.');
      return;
    }
    // A shared till asks a manager's PIN for a difference over the shop's limit (issue 18).
    const asked = await (deps.approve ?? askNoApproval)(
      'shift_difference',
      shiftId,
      `Close the shift ${money(Math.abs(counted - expected))} ${counted < expected ? 'short' : 'over'}.`,
      (shop) => differenceNeedsApproval(shop, counted - expected),
    );
    if (!asked.approved) {
      setError('A manager did not approve the difference. The shift is still open.');
      return;
    }
    const stamp = withApproval(
      await (deps.signCashier ?? signedInCashier(deps.userId))('shift.close', shiftId),
      asked.approval,
    );
    const result = await closeShift(deps.commandDeps, {
      shiftId,
      countedCash: counted,
      note: note.trim() === '' ? null : note.trim(),
      // The signed-in manager's close approves the difference only when they stand at the counter: on a shared
      // till someone else may be closing on their session ([STAFF-11]); a manager's PIN approves it instead.
      approvedBy: approval?.status === 'approved' && stamp.cashier_id === deps.userId ? approval.by : null,
      stamp,
    });
    if (!result.ok) {
      setError(result.error.message);
      return;
    }
    onClosed(counted);
  }

  return (
    <Card title="Close the shift">
      <form
        className="shift-form"
        onSubmit={(event) => {
          event.preventDefault();
          void close();
        }}
      >
        <CashCount label="Counted cash" name="counted-cash" currency={currency} onChange={setCounted} />
        <dl className="shift-figures" aria-live="polite">
          <div>
            <dt>Expected</dt>
            <dd>{money(expected)}</dd>
          </div>
          <div>
            <dt>Counted</dt>
            <dd>{counted === null ? '—' : money(counted)}</dd>
          </div>
          <div>
            <dt>Difference</dt>
            <dd>
              {difference === null
                ? '—'
                : difference.status === 'even'
                  ? 'Even'
                  : `${difference.status === 'over' ? 'Over' : 'Short'} ${money(Math.abs(difference.difference))}`}
            </dd>
          </div>
        </dl>
        {approval?.status === 'approved' ? (
          <Alert tone="warning">
            The difference is over the shop&apos;s limit of {money(deps.settings.cashDifferenceLimit)}.
            Closing records your approval as {deps.role}.
          </Alert>
        ) : null}
        {approval?.status === 'pending' ? (
          <Alert tone="warning">
            The difference is over the shop&apos;s limit of {money(deps.settings.cashDifferenceLimit)}. The
            shift closes as needing a manager&apos;s approval; a manager approves it from shift history.
          </Alert>
        ) : null}
        <TextField label="Note" name="note" value={note} onChange={setNote} maxLength={2000} />
        {error ? <Alert>{error}</Alert> : null}
        <div className="shift-form__actions">
          <Button type="submit">
            {approval?.status === 'approved' ? 'Approve and close' : 'Close shift'}
          </Button>
          <Button variant="ghost" onPress={onCancel}>
            Cancel
          </Button>
        </div>
      </form>
    </Card>
  );
}
