// Receiving goods: several lines (product, quantity and an optional unit cost) from one supplier delivery
// with its reference. Every line is checked before any is recorded; each then becomes one `stock.move`
// (receive) op, queued offline. The op has no supplier field, so supplier and reference travel in its note.
// A unit cost moves the product's cost by the shop's method ([COST-3]): on this device at once, on the
// server when the op arrives.
import type { MessageDescriptor } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { shopI18n } from '../../lib/i18n/shop-i18n';
import { useState } from 'react';
import type { MirrorProduct } from '../../data/local/mirror-db';
import type { CostMethod } from '../../domain/cost';
import { parseAmount } from '../../domain/money-text';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { TextField } from '../../ui/text-field';
import { useOnline } from '../../ui/use-online';
import { recordedWords } from './move-outcome';
import { ProductPicker } from './product-picker';
import { costAfterThisReceive } from './received-cost';
import type { StockDeps } from './stock-deps';
import { recordMove } from './stock-moves';
import { parsePositive } from './stock-quantity';

interface Line {
  key: number;
  productId: string;
  quantity: string;
  unitCost: string;
}

const emptyLine = (key: number): Line => ({ key, productId: '', quantity: '', unitCost: '' });

/** How the shop's cost follows a receive, as the form says it under the lines. */
const METHOD_WORDS: Record<CostMethod, MessageDescriptor> = {
  last: msg`A unit cost becomes the product’s cost (last cost).`,
  average: msg`A unit cost is averaged with the stock on hand (moving average).`,
};

/** A typed unit cost: blank is none; anything else must be an amount of the shop's currency. */
function parseUnitCost(text: string, currency: string) {
  return text.trim() === '' ? ({ ok: true, value: null } as const) : parseAmount(text, currency);
}

/** The note kept with the movements, for the shop's books: in the shop's language. */
export function receiptNote(supplier: string, reference: string): string | null {
  const supplierName = supplier.trim();
  const ref = reference.trim();
  const parts = [
    supplierName ? shopI18n._(msg`Supplier: ${supplierName}`) : '',
    ref ? shopI18n._(msg`Ref: ${ref}`) : '',
  ];
  const note = parts.filter(Boolean).join(' · ');
  return note === '' ? null : note.slice(0, 2000);
}

export function ReceiveForm({
  deps,
  storeId,
  products,
  costs,
}: {
  deps: StockDeps;
  storeId: string;
  products: readonly MirrorProduct[];
  /** The shop's currency, its cost method and its stores (a product's cost follows its on-hand in all). */
  costs: { currency: string; method: CostMethod; storeIds: readonly string[] };
}) {
  const [supplier, setSupplier] = useState('');
  const [reference, setReference] = useState('');
  const [lines, setLines] = useState<Line[]>([emptyLine(1)]);
  const [message, setMessage] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const online = useOnline();
  const { t } = useLingui();
  const byId = new Map(products.map((product) => [product.id, product]));

  const change = (key: number, patch: Partial<Line>) => {
    setLines((all) => all.map((line) => (line.key === key ? { ...line, ...patch } : line)));
  };

  const submit = async () => {
    const moves = [];
    for (const [index, line] of lines.entries()) {
      const lineNumber = index + 1;
      const product = byId.get(line.productId);
      if (!product) {
        setMessage({ tone: 'error', text: t`Line ${lineNumber}: choose a product.` });
        return;
      }
      const quantity = parsePositive(line.quantity, product.weighed);
      if (!quantity.ok) {
        const problem = quantity.error.message;
        setMessage({ tone: 'error', text: t`Line ${lineNumber}: ${problem}` });
        return;
      }
      const unitCost = parseUnitCost(line.unitCost, costs.currency);
      if (!unitCost.ok) {
        const costProblem = unitCost.error.message;
        setMessage({ tone: 'error', text: t`Line ${lineNumber}: unit cost: ${costProblem}` });
        return;
      }
      moves.push({ product, quantity: quantity.value, unitCost: unitCost.value });
    }
    setBusy(true);
    const note = receiptNote(supplier, reference);
    let recorded = 0;
    for (const move of moves) {
      const keepCost =
        move.unitCost === null
          ? null
          : await costAfterThisReceive(
              deps,
              { storeIds: costs.storeIds, method: costs.method },
              { productId: move.product.id, quantity: move.quantity, unitCost: move.unitCost },
            );
      const result = await recordMove(deps, {
        storeId,
        productId: move.product.id,
        body: { reason: 'receive', quantity: move.quantity, unitCost: move.unitCost },
        note,
      });
      if (!result.ok) {
        setBusy(false);
        setMessage({
          tone: 'error',
          text: `${recorded} of ${moves.length} recorded. ${result.error.message}`,
        });
        return;
      }
      await keepCost?.();
      recorded += 1;
    }
    const text = await recordedWords(deps, storeId, {
      what: plural(recorded, { one: 'Received # line.', other: 'Received # lines.' }),
      products: moves.map((move) => move.product),
      online,
    });
    setBusy(false);
    setLines([emptyLine(Date.now())]);
    setSupplier('');
    setReference('');
    setMessage({ tone: 'success', text });
  };

  return (
    <form
      className="stock-form"
      aria-label={t`Receive goods`}
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <div className="stock-form__row">
        <TextField
          label={t`Supplier`}
          name="supplier"
          value={supplier}
          onChange={setSupplier}
          maxLength={200}
        />
        <TextField
          label={t`Reference`}
          name="reference"
          value={reference}
          onChange={setReference}
          maxLength={200}
        />
      </div>
      <ol className="stock-form__lines">
        {lines.map((line, index) => {
          const lineNumber = index + 1;
          return (
            <li key={line.key} className="stock-form__row" aria-label={t`Line ${lineNumber}`}>
              <ProductPicker
                label={t`Product`}
                products={products}
                value={line.productId}
                onChange={(productId) => {
                  change(line.key, { productId });
                }}
              />
              <TextField
                label={t`Quantity`}
                name={`quantity-${line.key}`}
                inputMode="text"
                value={line.quantity}
                onChange={(quantity) => {
                  change(line.key, { quantity });
                }}
              />
              <TextField
                label={t`Unit cost`}
                name={`unit-cost-${line.key}`}
                inputMode="text"
                value={line.unitCost}
                onChange={(unitCost) => {
                  change(line.key, { unitCost });
                }}
              />
              {lines.length > 1 ? (
                <Button
                  variant="ghost"
                  onPress={() => {
                    setLines((all) => all.filter((other) => other.key !== line.key));
                  }}
                >
                  <Trans>Remove line {lineNumber}</Trans>
                </Button>
              ) : null}
            </li>
          );
        })}
      </ol>
      <p className="stock-form__hint">
        {t(METHOD_WORDS[costs.method])} <Trans>Settings → Shop chooses.</Trans>
      </p>
      {message ? <Alert tone={message.tone}>{message.text}</Alert> : null}
      <div className="button-row">
        <Button
          variant="secondary"
          onPress={() => {
            setLines((all) => [...all, emptyLine(Math.max(...all.map((line) => line.key)) + 1)]);
          }}
        >
          <Trans>Add line</Trans>
        </Button>
        <Button type="submit" isDisabled={busy}>
          <Trans>Receive goods</Trans>
        </Button>
      </div>
    </form>
  );
}
