// A numeric keypad for one cart line's quantity, for touch screens where a soft keyboard would cover the cart.
// Weighed goods get a decimal point (up to three decimals, kilograms); piece goods only whole numbers. The
// typed text is checked by src/domain's parseQuantity, the same rule as the quantity field.
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import type { CartLine } from '../../../domain/cart';
import { parseQuantity, type Milli } from '../../../domain/quantity';

export interface QuantityKeypadProps {
  line: CartLine;
  /** Answers an error to show, or null when the quantity was taken. */
  onSet: (quantity: Milli) => string | null;
  onClose: () => void;
}

const DIGITS = ['7', '8', '9', '4', '5', '6', '1', '2', '3', '0'];

export function QuantityKeypad({ line, onSet, onClose }: QuantityKeypadProps) {
  const { t } = useLingui();
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const name = line.name;
  const press = (key: string) => {
    setProblem(null);
    setText((current) => {
      if (key === '.' && current.includes('.')) return current;
      if (key === '.' && current === '') return '0.';
      return current.length >= 12 ? current : current + key;
    });
  };
  const set = () => {
    const parsed = parseQuantity(text, { weighed: line.weighed });
    if (!parsed.ok) {
      setProblem(parsed.error.message);
      return;
    }
    const refused = onSet(parsed.value);
    if (refused !== null) setProblem(refused);
    else onClose();
  };

  return (
    <div className="keypad" role="group" aria-label={t`Keypad for ${name}`}>
      <output
        className="keypad__display"
        aria-label={line.weighed ? t`Weight (kg) typed` : t`Quantity typed`}
      >
        {text === '' ? '0' : text}
      </output>
      {problem !== null ? (
        <p className="field__error" role="alert">
          {problem}
        </p>
      ) : null}
      <div className="keypad__keys">
        {DIGITS.map((digit) => (
          <button
            key={digit}
            type="button"
            className="keypad__key"
            onClick={() => {
              press(digit);
            }}
          >
            {digit}
          </button>
        ))}
        <button
          type="button"
          className="keypad__key"
          aria-label={t`Decimal point`}
          disabled={!line.weighed}
          onClick={() => {
            press('.');
          }}
        >
          .
        </button>
        <button
          type="button"
          className="keypad__key"
          aria-label={t`Delete last digit`}
          onClick={() => {
            setProblem(null);
            setText((current) => current.slice(0, -1));
          }}
        >
          ⌫
        </button>
      </div>
      <div className="keypad__actions">
        <button type="button" className="button button--ghost" onClick={onClose}>
          <Trans>Cancel</Trans>
        </button>
        <button type="button" className="button button--primary button--lg" onClick={set}>
          {line.weighed ? <Trans>Set weight (kg)</Trans> : <Trans>Set quantity</Trans>}
        </button>
      </div>
    </div>
  );
}
