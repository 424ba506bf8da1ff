// Closing the shift: count the drawer (typed or by denomination), see expected against counted and over or
// short as you count, then close offline (`shift.close`). Over the company's limit a manager or owner
// closing approves the difference; a cashier's close is left for a manager ([CASHUP-8]).
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { closeShift } from '../../data/ops/shift-close';
import { askNoApproval, signedInCashier, withApproval } from '../../domain/cashier-stamp';
import { formatMoney } from '../../domain/money-text';
import { differenceNeedsApproval } from '../../domain/shared-till-rules';
import { cashDifference } from '../../domain/shift';
import { approvalAtClose } from '../../domain/shift-ledger-report';
import { Alert } from '../../ui/alert';
import { cashDifferenceWords } from './cash-difference';
import { Button } from '../../ui/button';
import { Card } from '../../ui/layout';
import { TextField } from '../../ui/text-field';
import { CashCount } from './cash-count';
import type { ShiftsDeps } from './shifts-deps';

// The closer's role as the approval note says it (issue 35).
const ROLE_WORDS = { owner: msg`owner`, manager: msg`manager`, cashier: msg`cashier` } as const;

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
  const { t } = useLingui();
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
      setError(t`Count the cash in the drawer first.`);
      return;
    }
    // A shared till asks a manager's PIN for a difference over the shop's limit (issue 18).
    const gap = money(Math.abs(counted - expected));
    const asked = await (deps.approve ?? askNoApproval)(
      'shift_difference',
      shiftId,
      counted < expected ? t`Close the shift ${gap} short.` : t`Close the shift ${gap} over.`,
      (shop) => differenceNeedsApproval(shop, counted - expected),
    );
    if (!asked.approved) {
      setError(t`A manager did not approve the difference. The shift is still open.`);
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

  const limit = money(deps.settings.cashDifferenceLimit);
  const role = t(ROLE_WORDS[deps.role]);
  return (
    <Card title={t`Close the shift`}>
      <form
        className="shift-form"
        onSubmit={(event) => {
          event.preventDefault();
          void close();
        }}
      >
        <CashCount label={t`Counted cash`} name="counted-cash" currency={currency} onChange={setCounted} />
        <dl className="shift-figures" aria-live="polite">
          <div>
            <dt>
              <Trans>Expected</Trans>
            </dt>
            <dd>{money(expected)}</dd>
          </div>
          <div>
            <dt>
              <Trans>Counted</Trans>
            </dt>
            <dd>{counted === null ? '—' : money(counted)}</dd>
          </div>
          <div>
            <dt>
              <Trans>Difference</Trans>
            </dt>
            <dd>{difference === null ? '—' : cashDifferenceWords(counted ?? 0, expected, currency)}</dd>
          </div>
        </dl>
        {approval?.status === 'approved' ? (
          <Alert tone="warning">
            <Trans>
              The difference is over the shop&apos;s limit of {limit}. Closing records your approval as {role}
              .
            </Trans>
          </Alert>
        ) : null}
        {approval?.status === 'pending' ? (
          <Alert tone="warning">
            <Trans>
              The difference is over the shop&apos;s limit of {limit}. The shift closes as needing a
              manager&apos;s approval; a manager approves it from shift history.
            </Trans>
          </Alert>
        ) : null}
        <TextField label={t`Note`} name="note" value={note} onChange={setNote} maxLength={2000} />
        {error ? <Alert>{error}</Alert> : null}
        <div className="shift-form__actions">
          <Button type="submit">
            {approval?.status === 'approved' ? t`Approve and close` : t`Close shift`}
          </Button>
          <Button variant="ghost" onPress={onCancel}>
            <Trans>Cancel</Trans>
          </Button>
        </div>
      </form>
    </Card>
  );
}
