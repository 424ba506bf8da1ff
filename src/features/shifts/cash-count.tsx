// Counting cash: an amount typed as one figure, or counted note by note and coin by coin in the company's
// currency ([CASHUP-1]). Either way the parent gets minor units, or null while the entry is not an amount.
import { t as translate } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { denominationsOf } from '../../domain/denominations';
import { formatMoney, parseAmount } from '../../domain/money-text';
import { countedCash } from '../../domain/shift';
import { TextField } from '../../ui/text-field';

export function CashCount({
  label,
  name,
  currency,
  onChange,
}: {
  label: string;
  name: string;
  currency: string;
  onChange: (amount: number | null) => void;
}) {
  const { t } = useLingui();
  const [byDenomination, setByDenomination] = useState(false);
  const [text, setText] = useState('');
  const [pieces, setPieces] = useState<Record<number, string>>({});
  const parsed = text === '' ? null : parseAmount(text, currency);

  function typed(value: string) {
    setText(value);
    const amount = value === '' ? null : parseAmount(value, currency);
    onChange(amount?.ok ? amount.value : null);
  }

  function counted(next: Record<number, string>) {
    setPieces(next);
    onChange(totalOf(next, currency));
  }

  const denominations = denominationsOf(currency);
  const total = totalOf(pieces, currency);

  return (
    <fieldset className="cash-count">
      <legend className="cash-count__legend">{label}</legend>
      <label className="cash-count__toggle">
        <input
          type="checkbox"
          checked={byDenomination}
          onChange={(event) => {
            setByDenomination(event.target.checked);
            if (event.target.checked) counted(pieces);
            else typed(text);
          }}
        />{' '}
        <Trans>Count by note and coin</Trans>
      </label>
      {byDenomination ? (
        <div className="cash-count__grid">
          {denominations.map((denomination) => {
            const value = formatMoney(denomination.value, currency);
            return (
              <label key={denomination.value} className="cash-count__row">
                <span className="cash-count__value">{value}</span>
                <input
                  className="field__input cash-count__pieces"
                  inputMode="numeric"
                  aria-label={denomination.kind === 'note' ? t`${value} notes` : t`${value} coins`}
                  value={pieces[denomination.value] ?? ''}
                  onChange={(event) => {
                    counted({ ...pieces, [denomination.value]: event.target.value });
                  }}
                />
              </label>
            );
          })}
          <p className="cash-count__total" aria-live="polite">
            {total === null ? t`Enter whole numbers of pieces.` : countedWords(formatMoney(total, currency))}
          </p>
        </div>
      ) : (
        <TextField
          label={`${label} (${currency})`}
          name={name}
          value={text}
          onChange={typed}
          inputMode="numeric"
          error={parsed && !parsed.ok ? parsed.error.message : null}
        />
      )}
    </fieldset>
  );
}

/** [CASHUP-1] The counted total, or null while a count is not a whole number of pieces. */
function totalOf(pieces: Record<number, string>, currency: string): number | null {
  const counts = Object.entries(pieces)
    .filter(([, count]) => count.trim() !== '')
    .map(([value, count]) => ({ value: Number(value), pieces: Number(count.trim()) }));
  try {
    return countedCash(counts, currency);
  } catch {
    return null;
  }
}

function countedWords(amount: string): string {
  return translate`Counted: ${amount}`;
}
