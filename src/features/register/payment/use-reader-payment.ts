// One card payment on the till's reader (issue 20): send the amount with the cart's sale id, ask about it
// about every second (every few asks with `refresh`, so a lost webhook cannot leave the till waiting), and
// end in one outcome: approved (a card tender with the PaymentIntent id), declined, timed out or cancelled.
// A reader the till cannot use (offline, no reader, Stripe unreachable, reader offline) hands 'Card' back to
// the external terminal. Rules CARD-10..CARD-14 in supabase/SPEC.md §12.
import { useCallback, useEffect, useRef, useState } from 'react';
import { CardPaymentError, type CardPayment } from '../../../data/remote/card-payments';
import type { Minor } from '../../../domain/money';
import type { Tender } from '../../../domain/tender';
import type { RegisterCardReader } from '../register-deps';
import { failureWords } from './reader-words';
import { t } from '@lingui/core/macro';

export type ReaderPhase =
  | { kind: 'idle' }
  | { kind: 'sending'; amount: Minor }
  | {
      kind: 'waiting';
      paymentId: string;
      amount: Minor;
      cancelling: boolean;
      /** A cancel did not reach the server: the cashier may stop waiting here. */
      cancelFailed: boolean;
      problem: string | null;
    };

export interface ReaderNote {
  tone: 'success' | 'warning';
  text: string;
}

/** Every this many asks, `get_payment` also asks Stripe (`refresh`), for a webhook that was lost. */
export const REFRESH_EVERY = 4;

// Refusals that mean "this reader cannot be used now": 'Card' goes back to the external terminal.
const UNUSABLE = new Set([
  'unreachable',
  'stripe_unreachable',
  'stripe_not_configured',
  'stripe_error',
  'server_error',
  'terminal_reader_offline',
  'no_reader',
  'resource_missing',
  'unknown_terminal',
  'unknown_reader',
]);

export interface ReaderPayment {
  phase: ReaderPhase;
  note: ReaderNote | null;
  start: (saleId: string, amount: Minor) => void;
  cancel: () => void;
  /** After a cancel that could not reach the server: stop waiting here (managers see a charge, if any). */
  abandon: () => void;
}

export function useReaderPayment(
  reader: RegisterCardReader | undefined,
  handlers: {
    /** The payment went through: its card tender, for the sale it was taken for. */
    onApproved: (tender: Tender, saleId: string) => void;
    /** The reader cannot be used now (`code` as the function or the network said); 'Card' falls back. */
    onUnusable: (message: string, code: string) => void;
  },
): ReaderPayment {
  const [phase, setPhase] = useState<ReaderPhase>({ kind: 'idle' });
  const [note, setNote] = useState<ReaderNote | null>(null);
  // The payment being followed; a poll or an answer for any other (or after unmount) is dropped.
  const current = useRef<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const { onApproved, onUnusable } = handlers;
  const pollMs = reader?.pollMs ?? 1000;

  const stop = useCallback(() => {
    current.current = null;
    if (timer.current !== null) clearTimeout(timer.current);
    timer.current = null;
  }, []);

  const finish = useCallback(
    (payment: CardPayment): boolean => {
      if (payment.status === 'succeeded' && payment.payment_intent_id) {
        stop();
        setPhase({ kind: 'idle' });
        setNote({ tone: 'success', text: t`Approved` });
        const card = { brand: payment.card_brand ?? null, last4: payment.card_last4 ?? null };
        const tender: Tender = {
          method: 'card',
          amount: payment.amount,
          reference: payment.payment_intent_id,
          // [WORDS-2] For the receipt only ("Visa •••• 4242").
          ...(card.brand !== null || card.last4 !== null ? { card } : {}),
        };
        onApproved(tender, payment.sale_id ?? '');
        return true;
      }
      if (payment.status === 'failed' || payment.status === 'canceled') {
        stop();
        setPhase({ kind: 'idle' });
        setNote({
          tone: 'warning',
          text:
            payment.status === 'canceled'
              ? t`Card payment cancelled: nothing was charged.`
              : failureWords(payment),
        });
        return true;
      }
      return false;
    },
    [stop, onApproved],
  );

  // Asks about the payment about every `pollMs` until it ends, the cashier stops waiting or the screen goes.
  const follow = useCallback(
    async (paymentId: string) => {
      if (!reader) return;
      for (let asked = 0; current.current === paymentId; asked += 1) {
        await new Promise<void>((resolve) => {
          timer.current = setTimeout(resolve, pollMs);
        });
        if (current.current !== paymentId) return;
        try {
          const payment = await reader.get(paymentId, asked % REFRESH_EVERY === REFRESH_EVERY - 1);
          if (current.current !== paymentId || finish(payment)) return;
          setPhase((now) => (now.kind === 'waiting' ? { ...now, problem: null } : now));
        } catch (error) {
          if (current.current !== paymentId) return;
          const why = messageOf(error);
          const problem = t`${why} Still checking…`;
          setPhase((now) => (now.kind === 'waiting' ? { ...now, problem } : now));
        }
      }
    },
    [reader, finish, pollMs],
  );

  const start = useCallback(
    (saleId: string, amount: Minor) => {
      if (!reader) return;
      setNote(null);
      setPhase({ kind: 'sending', amount });
      reader.start(saleId, amount).then(
        (payment) => {
          current.current = payment.id;
          if (finish(payment)) return;
          const waiting = { paymentId: payment.id, amount, cancelling: false, cancelFailed: false };
          setPhase({ kind: 'waiting', ...waiting, problem: null });
          void follow(payment.id);
        },
        (error: unknown) => {
          setPhase({ kind: 'idle' });
          const code = error instanceof CardPaymentError ? error.code : 'server_error';
          if (code === 'no_reader') void reader.refresh().catch(() => undefined);
          if (UNUSABLE.has(code)) onUnusable(messageOf(error), code);
          else setNote({ tone: 'warning', text: messageOf(error) });
        },
      );
    },
    [reader, finish, follow, onUnusable],
  );

  const cancel = useCallback(() => {
    if (phase.kind !== 'waiting' || !reader) return;
    const { paymentId } = phase;
    setPhase({ ...phase, cancelling: true });
    reader.cancel(paymentId).then(
      (payment) => {
        if (current.current === paymentId) finish(payment);
      },
      async (error: unknown) => {
        if (current.current !== paymentId) return;
        // [CARD-11] A payment that went through while the cashier cancelled is the sale's: approved.
        if (error instanceof CardPaymentError && error.code === 'already_succeeded') {
          const payment = await reader.get(paymentId, true).catch(() => null);
          if (payment && current.current === paymentId && finish(payment)) return;
        }
        const why = messageOf(error);
        const problem = t`Could not cancel: ${why}`;
        setPhase((now) =>
          now.kind === 'waiting' ? { ...now, cancelling: false, cancelFailed: true, problem } : now,
        );
      },
    );
  }, [phase, reader, finish]);

  const abandon = useCallback(() => {
    stop();
    setPhase({ kind: 'idle' });
    setNote({
      tone: 'warning',
      text: t`Stopped waiting for the reader. If the card was charged, managers see it under card payments to check.`,
    });
  }, [stop]);

  // Leaving the register mid-payment: stop asking, and tell the reader to stop waiting for a card.
  const cancelOnServer = reader?.cancel;
  useEffect(
    () => () => {
      const paymentId = current.current;
      stop();
      if (paymentId !== null) void cancelOnServer?.(paymentId).catch(() => undefined);
    },
    [stop, cancelOnServer],
  );

  return { phase, note, start, cancel, abandon };
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
