// How a refund pays back: cash, card or other — and, for a sale paid on a card reader, "Back to the card"
// through Stripe ([CARD-22]) beside the card on another terminal. Offline, or when Stripe did not refund, it
// says so and offers what still works with one press; the quantities typed stay as they are.
import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { TenderMethod } from '../../../domain/tender';
import { Alert } from '../../../ui/alert';
import { METHOD_NAMES } from '../../../domain/payment-words';

/** A tender method, or the sale's own card through Stripe. */
export type RefundChoice = TenderMethod | 'reader';

export function methodOf(choice: RefundChoice): TenderMethod {
  return choice === 'reader' ? 'card' : choice;
}

/**
 * The ways a refund may pay back. [VAL-15] 'Store credit' when a customer is on the sale or may be attached
 * to the refund; the gift card the sale was paid with, back onto it; 'On account' for a sale charged to it.
 */
export function choicesFor(
  cardIntents: readonly string[],
  value: { storeCredit: boolean; giftCard: boolean; onAccount?: boolean } = {
    storeCredit: false,
    giftCard: false,
  },
): RefundChoice[] {
  const drawer: RefundChoice[] =
    cardIntents.length > 0 ? ['reader', 'card', 'cash', 'other'] : ['cash', 'card', 'other'];
  return [
    ...drawer,
    ...(value.storeCredit ? (['store_credit'] as const) : []),
    ...(value.giftCard ? (['gift_card'] as const) : []),
    // A sale charged to the customer's account goes back onto it: what they owe goes down.
    ...(value.onAccount ? (['on_account'] as const) : []),
  ];
}

export function defaultChoice(method: TenderMethod, cardIntents: readonly string[]): RefundChoice {
  return method === 'card' && cardIntents.length > 0 ? 'reader' : method;
}

function choiceName(choice: RefundChoice, withReader: boolean, giftCardLast4: string | null): string {
  if (choice === 'reader') return i18n._(msg`Back to the card (Stripe)`);
  if (choice === 'gift_card' && giftCardLast4 !== null) {
    return i18n._(msg`Back to the gift card ••••${giftCardLast4}`);
  }
  if (choice === 'card' && withReader) return i18n._(msg`Card on another terminal`);
  return i18n._(METHOD_NAMES[choice]);
}

export function RefundMethods({
  choices,
  choice,
  onChoose,
  giftCardLast4 = null,
}: {
  choices: readonly RefundChoice[];
  choice: RefundChoice;
  onChoose: (choice: RefundChoice) => void;
  /** [VAL-15] The last four of the gift card the sale was paid with. */
  giftCardLast4?: string | null;
}) {
  const withReader = choices.includes('reader');
  return (
    <fieldset className="refund__methods">
      <legend>
        <Trans>Pay back by</Trans>
      </legend>
      {choices.map((option) => (
        <label key={option}>
          <input
            type="radio"
            name="refund-method"
            checked={choice === option}
            onChange={() => {
              onChoose(option);
            }}
          />
          {choiceName(option, withReader, giftCardLast4)}
        </label>
      ))}
    </fieldset>
  );
}

/** Why the money cannot go back to the card now, with the ways that still work. */
export function CardRefundProblem({
  message,
  onChoose,
}: {
  message: string;
  onChoose: (choice: RefundChoice) => void;
}) {
  const { t } = useLingui();
  return (
    <Alert title={t`Not refunded to the card`}>
      <p>{message}</p>
      <p>
        <Trans>Nothing was refunded yet; the quantities are kept.</Trans>
      </p>
      <div className="refund__actions">
        <button
          type="button"
          className="button button--secondary"
          onClick={() => {
            onChoose('cash');
          }}
        >
          <Trans>Refund in cash instead</Trans>
        </button>
        <button
          type="button"
          className="button button--secondary"
          onClick={() => {
            onChoose('card');
          }}
        >
          <Trans>Card on another terminal instead</Trans>
        </button>
      </div>
    </Alert>
  );
}
