// Receiving goods: several lines (product and quantity) from one supplier delivery with its reference.
// Every line is checked before any is recorded; each then becomes one `stock.move` (receive) op, queued
// offline. The op has no supplier field, so supplier and reference travel in its note.
import { useState } from 'react';
import type { MirrorProduct } from '../../data/local/mirror-db';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { TextField } from '../../ui/text-field';
import { useOnline } from '../../ui/use-online';
import { recordedWords } from './move-outcome';
import { ProductPicker } from './product-picker';
import type { StockDeps } from './stock-deps';
import { recordMove } from './stock-moves';
import { parsePositive } from './stock-quantity';

interface Line {
  key: number;
  productId: string;
  quantity: string;
}

export function receiptNote(supplier: string, reference: string): string | null {
  const parts = [
    supplier.trim() ? `Supplier: ${supplier.trim()}` : '',
    reference.trim() ? `Ref: ${reference.trim()}` : '',
  ];
  const note = parts.filter(Boolean).join(' · ');
  return note === '' ? null : note.slice(0, 2000);
}

export function ReceiveForm({
  deps,
  storeId,
  products,
}: {
  deps: StockDeps;
  storeId: string;
  products: readonly MirrorProduct[];
}) {
  const [supplier, setSupplier] = useState('');
  const [reference, setReference] = useState('');
  const [lines, setLines] = useState<Line[]>([{ key: 1, productId: '', quantity: '' }]);
  const [message, setMessage] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const online = useOnline();
  const byId = new Map(products.map((product) => [product.id, product]));

  const change = (key: number, patch: Partial<Line>) => {
    setLines((all) => all.map((line) => (line.key === key ? { ...line, ...patch } : line)));
  };

  const submit = async () => {
    const moves = [];
    for (const [index, line] of lines.entries()) {
      const product = byId.get(line.productId);
      if (!product) {
        setMessage({ tone: 'error', text: `Line ${index + 1}: choose a product.` });
        return;
      }
      const quantity = parsePositive(line.quantity, product.weighed);
      if (!quantity.ok) {
        setMessage({ tone: 'error', text: `Line ${index + 1}: ${quantity.error.message}` });
        return;
      }
      moves.push({ product, quantity: quantity.value });
    }
    setBusy(true);
    const note = receiptNote(supplier, reference);
    let recorded = 0;
    for (const move of moves) {
      const result = await recordMove(deps, {
        storeId,
        productId: move.product.id,
        body: { reason: 'receive', quantity: move.quantity },
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
      recorded += 1;
    }
    const text = await recordedWords(deps, storeId, {
      what: `Received ${recorded} ${recorded === 1 ? 'line' : 'lines'}.`,
      products: moves.map((move) => move.product),
      online,
    });
    setBusy(false);
    setLines([{ key: Date.now(), productId: '', quantity: '' }]);
    setSupplier('');
    setReference('');
    setMessage({ tone: 'success', text });
  };

  return (
    <form
      className="stock-form"
      aria-label="Receive goods"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <div className="stock-form__row">
        <TextField label="Supplier" name="supplier" value={supplier} onChange={setSupplier} maxLength={200} />
        <TextField
          label="Reference"
          name="reference"
          value={reference}
          onChange={setReference}
          maxLength={200}
        />
      </div>
      <ol className="stock-form__lines">
        {lines.map((line, index) => (
          <li key={line.key} className="stock-form__row" aria-label={`Line ${index + 1}`}>
            <ProductPicker
              label="Product"
              products={products}
              value={line.productId}
              onChange={(productId) => {
                change(line.key, { productId });
              }}
            />
            <TextField
              label="Quantity"
              name={`quantity-${line.key}`}
              inputMode="text"
              value={line.quantity}
              onChange={(quantity) => {
                change(line.key, { quantity });
              }}
            />
            {lines.length > 1 ? (
              <Button
                variant="ghost"
                onPress={() => {
                  setLines((all) => all.filter((other) => other.key !== line.key));
                }}
              >
                Remove line {index + 1}
              </Button>
            ) : null}
          </li>
        ))}
      </ol>
      {message ? <Alert tone={message.tone}>{message.text}</Alert> : null}
      <div className="button-row">
        <Button
          variant="secondary"
          onPress={() => {
            setLines((all) => [
              ...all,
              { key: Math.max(...all.map((line) => line.key)) + 1, productId: '', quantity: '' },
            ]);
          }}
        >
          Add line
        </Button>
        <Button type="submit" isDisabled={busy}>
          Receive goods
        </Button>
      </div>
    </form>
  );
}
