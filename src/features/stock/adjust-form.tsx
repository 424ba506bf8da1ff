// Adjusting stock by hand with a reason a person wrote: a signed change (found, miscounted) or goods
// thrown away (waste). One `stock.move` op, queued offline; the reason travels in its note.
import { useState } from 'react';
import type { MirrorProduct } from '../../data/local/mirror-db';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { SelectField } from '../../ui/select-field';
import { TextField } from '../../ui/text-field';
import { useOnline } from '../../ui/use-online';
import { recordedWords } from './move-outcome';
import { ProductPicker } from './product-picker';
import type { StockDeps } from './stock-deps';
import { recordMove, type MoveBody } from './stock-moves';
import { parsePositive, parseSigned } from './stock-quantity';

export function AdjustForm({
  deps,
  storeId,
  products,
}: {
  deps: StockDeps;
  storeId: string;
  products: readonly MirrorProduct[];
}) {
  const [productId, setProductId] = useState('');
  const [kind, setKind] = useState<'adjust' | 'waste'>('adjust');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [message, setMessage] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);
  const online = useOnline();

  const submit = async () => {
    const product = products.find((row) => row.id === productId);
    if (!product) {
      setMessage({ tone: 'error', text: 'Choose a product.' });
      return;
    }
    const parsed =
      kind === 'adjust' ? parseSigned(amount, product.weighed) : parsePositive(amount, product.weighed);
    if (!parsed.ok) {
      setMessage({ tone: 'error', text: parsed.error.message });
      return;
    }
    if (reason.trim() === '') {
      setMessage({ tone: 'error', text: 'Say why stock changes.' });
      return;
    }
    const body: MoveBody =
      kind === 'adjust'
        ? { reason: 'adjust', delta: parsed.value }
        : { reason: 'waste', quantity: parsed.value };
    const result = await recordMove(deps, { storeId, productId, body, note: reason.trim().slice(0, 2000) });
    if (!result.ok) {
      setMessage({ tone: 'error', text: result.error.message });
      return;
    }
    setAmount('');
    setReason('');
    setMessage({
      tone: 'success',
      text: await recordedWords(deps, storeId, {
        what: `Recorded for ${product.name}.`,
        products: [product],
        online,
      }),
    });
  };

  return (
    <form
      className="stock-form"
      aria-label="Adjust stock"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <ProductPicker label="Product" products={products} value={productId} onChange={setProductId} />
      <div className="stock-form__row">
        <SelectField
          label="Kind"
          name="kind"
          value={kind}
          onChange={(value) => {
            setKind(value === 'waste' ? 'waste' : 'adjust');
          }}
          options={[
            { value: 'adjust', label: 'Adjustment (+ or −)' },
            { value: 'waste', label: 'Waste (thrown away)' },
          ]}
        />
        <TextField
          label={kind === 'adjust' ? 'Change' : 'Quantity wasted'}
          name="amount"
          value={amount}
          onChange={setAmount}
          {...(kind === 'adjust' ? { description: 'Like -2 or 3' } : {})}
        />
      </div>
      <TextField
        label="Reason"
        name="reason"
        value={reason}
        onChange={setReason}
        maxLength={2000}
        isRequired
      />
      {message ? <Alert tone={message.tone}>{message.text}</Alert> : null}
      <div className="button-row">
        <Button type="submit">Record adjustment</Button>
      </div>
    </form>
  );
}
