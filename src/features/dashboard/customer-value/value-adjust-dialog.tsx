// [VAL-T60]…[VAL-T63] A manager's correction of a gift card, store credit, points or an account on credit
// ([VAL-19]): add to or take off the balance (money in the shop's currency, or whole points), block, unblock
// or void it — always with a reason, which the statement shows with who and when. It says what the balance
// will be after; a void asks once more and says it is final. Problems are said in words beside their field.
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import type { ValueAdjustAction } from '../../../data/ops/value-adjust';
import type { ValueAccountKind, ValueAccountStatus } from '../../../data/remote/value-reports';
import { parseAmount } from '../../../domain/money-text';
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { Dialog } from '../../../ui/dialog';
import { TextField } from '../../../ui/text-field';
import type { ValueAdjustRequest } from './customer-value-deps';
import { useAmount } from './use-amount';

/** The account being corrected, as the screen knows it now. */
export interface AdjustableAccount {
  id: string;
  kind: ValueAccountKind;
  /** How the screen names it: "Gift card ••••0001", "Alice Martin: store credit". */
  title: string;
  status: ValueAccountStatus;
  /** Minor units, or points on a loyalty account. */
  balance: number;
}

/** What a person chooses: an adjustment is split into its two directions, so nobody types a minus sign. */
export type AdjustChoice = 'add' | 'take' | 'block' | 'unblock' | 'void';

/** [VAL-T61] What may be done to an account in this status: nothing once void; block or unblock, not both. */
export function choicesFor(status: ValueAccountStatus): AdjustChoice[] {
  if (status === 'void') return [];
  return ['add', 'take', status === 'blocked' ? 'unblock' : 'block', 'void'];
}

const REASON_MAX = 200;

/** [VAL-T62] The signed amount typed: minor units of `currency`, or whole points; a problem in words. */
export function readDelta(
  text: string,
  choice: 'add' | 'take',
  kind: ValueAccountKind,
  currency: string,
  words: { empty: string; points: string; zero: string },
): { ok: true; delta: number } | { ok: false; problem: string } {
  if (text.trim() === '') return { ok: false, problem: words.empty };
  let amount: number;
  if (kind === 'loyalty') {
    if (!/^\d{1,9}$/.test(text.trim())) return { ok: false, problem: words.points };
    amount = Number(text.trim());
  } else {
    const parsed = parseAmount(text, currency);
    if (!parsed.ok) return { ok: false, problem: parsed.error.message };
    amount = parsed.value;
  }
  if (amount === 0) return { ok: false, problem: words.zero };
  return { ok: true, delta: choice === 'add' ? amount : -amount };
}

/** [VAL-T62] The balance the change leaves, as far as this screen knows it. */
export function balanceAfter(balance: number, choice: AdjustChoice, delta: number | null): number | null {
  if (choice === 'void') return 0;
  if (choice === 'block' || choice === 'unblock') return balance;
  return delta === null ? null : balance + delta;
}

export function ValueAdjustDialog({
  account,
  currency,
  initial,
  send,
  onClose,
  onSent,
}: {
  account: AdjustableAccount;
  currency: string;
  /** The action the person pressed (Void, Adjust, Block, Unblock); they may still change it here. */
  initial: AdjustChoice;
  send: (request: ValueAdjustRequest) => Promise<{ ok: true } | { ok: false; message: string }>;
  onClose: () => void;
  onSent: (choice: AdjustChoice) => void;
}) {
  const { t } = useLingui();
  const amountOf = useAmount(currency);
  const choices = choicesFor(account.status);
  const [choice, setChoice] = useState<AdjustChoice>(choices.includes(initial) ? initial : 'add');
  const [amountText, setAmountText] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ amount?: string; reason?: string }>({});
  const [confirming, setConfirming] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const points = account.kind === 'loyalty';
  const moves = choice === 'add' || choice === 'take';

  const words = {
    empty: points ? t`Enter the points to add or take off.` : t`Enter the amount to add or take off.`,
    points: t`Points are whole numbers, like 50.`,
    zero: points ? t`Enter more than 0 points.` : t`Enter an amount more than zero.`,
  };
  const typed =
    moves && amountText.trim() !== '' ? readDelta(amountText, choice, account.kind, currency, words) : null;
  const after = balanceAfter(account.balance, choice, typed?.ok ? typed.delta : null);
  const now = amountOf(account.kind, account.balance);
  const afterText = after === null ? '—' : amountOf(account.kind, after);

  const labels: Record<AdjustChoice, string> = {
    add: t`Add to the balance`,
    take: t`Take off the balance`,
    block: t`Block: nobody can spend it until it is unblocked`,
    unblock: t`Unblock: it can be spent again`,
    void: t`Void: final, the balance goes to zero`,
  };

  const check = (): { delta?: number } | null => {
    const found: { amount?: string; reason?: string } = {};
    let delta: number | undefined;
    if (moves) {
      const read = readDelta(amountText, choice, account.kind, currency, words);
      if (read.ok) delta = read.delta;
      else found.amount = read.problem;
    }
    if (reason.trim() === '') found.reason = t`Say why: the reason is kept with the change.`;
    else if (reason.trim().length > REASON_MAX) found.reason = t`A reason has at most 200 characters.`;
    setErrors(found);
    if (found.amount !== undefined || found.reason !== undefined) return null;
    return delta === undefined ? {} : { delta };
  };

  const submit = async (confirmed: boolean) => {
    const checked = check();
    if (checked === null) return;
    if (choice === 'void' && !confirmed) {
      setConfirming(true);
      return;
    }
    const action: ValueAdjustAction = moves ? 'adjust' : choice;
    setSending(true);
    const answer = await send({ accountId: account.id, action, reason: reason.trim(), ...checked });
    setSending(false);
    if (!answer.ok) {
      setConfirming(false);
      setProblem(answer.message);
      return;
    }
    onSent(choice);
  };

  const title = account.title;
  return (
    <Dialog
      title={t`Correction: ${title}`}
      isOpen
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      {confirming ? (
        <div className="value-adjust">
          <Alert tone="warning" title={t`Void it for good?`}>
            <p>
              <Trans>
                This is final: its balance of {now} goes to zero and it can never be used or changed again.
              </Trans>
            </p>
          </Alert>
          <div className="dialog__actions">
            <Button
              variant="secondary"
              onPress={() => {
                setConfirming(false);
              }}
            >
              <Trans>Go back</Trans>
            </Button>
            <Button variant="danger" isDisabled={sending} onPress={() => void submit(true)}>
              <Trans>Void it</Trans>
            </Button>
          </div>
        </div>
      ) : (
        <form
          className="value-adjust"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void submit(false);
          }}
        >
          <p className="value-adjust__now">
            <Trans>Balance now: {now}</Trans>
          </p>
          <fieldset className="value-adjust__choices">
            <legend className="field__label">
              <Trans>What to do</Trans>
            </legend>
            {choices.map((option) => (
              <label key={option} className="value-adjust__choice">
                <input
                  type="radio"
                  name="value-adjust-choice"
                  checked={choice === option}
                  onChange={() => {
                    setChoice(option);
                    setErrors({});
                  }}
                />
                <span>{labels[option]}</span>
              </label>
            ))}
          </fieldset>
          {moves ? (
            <TextField
              label={points ? t`Points` : t`Amount (${currency})`}
              name="amount"
              value={amountText}
              onChange={setAmountText}
              inputMode={points ? 'numeric' : 'text'}
              error={errors.amount ?? null}
              isRequired
            />
          ) : null}
          <TextField
            label={t`Reason`}
            name="reason"
            value={reason}
            onChange={setReason}
            description={t`Shown on the statement with your name and the time.`}
            error={errors.reason ?? null}
            maxLength={REASON_MAX}
            isRequired
          />
          <p className="value-adjust__after" aria-live="polite">
            <Trans>Balance after: {afterText}</Trans>
          </p>
          {choice === 'block' ? (
            <p className="value-adjust__note">
              <Trans>While it is blocked, tills refuse to spend it; the balance stays as it is.</Trans>
            </p>
          ) : null}
          {problem ? <Alert>{problem}</Alert> : null}
          <div className="dialog__actions">
            <Button variant="secondary" onPress={onClose}>
              <Trans>Cancel</Trans>
            </Button>
            <Button type="submit" variant={choice === 'void' ? 'danger' : 'primary'} isDisabled={sending}>
              {choice === 'void' ? <Trans>Void…</Trans> : <Trans>Save</Trans>}
            </Button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
