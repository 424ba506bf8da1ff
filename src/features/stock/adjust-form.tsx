// Adjusting stock by hand with a reason a person wrote: a signed change (found, miscounted) or goods
// thrown away (waste). One `stock.move` op, queued offline; the reason travels in its note.
import { Trans, useLingui } from '@lingui/react/macro';
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
  const { t } = useLingui();

  const submit = async () => {
    const product = products.find((row) => row.id === productId);
    if (!product) {
      setMessage({ tone: 'error', text: t`Choose a product.` });
      return;
    }
    const parsed =
      kind === 'adjust' ? parseSigned(amount, product.weighed) : parsePositive(amount, product.weighed);
    if (!parsed.ok) {
      setMessage({ tone: 'error', text: parsed.error.message });
      return;
    }
    if (reason.trim() === '') {
      setMessage({ tone: 'error', text: t`Say why stock changes.` });
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
    const productName = product.name;
    setMessage({
      tone: 'success',
      text: await recordedWords(deps, storeId, {
        what: t`Recorded for ${productName}.`,
        products: [product],
        online,
      }),
    });
  };

  return (
    <form
      className="stock-form"
      aria-label={t`Adjust stock`}
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <ProductPicker label={t`Product`} products={products} value={productId} onChange={setProductId} />
      <div className="stock-form__row">
        <SelectField
          label={t`Kind`}
          name="kind"
          value={kind}
          onChange={(value) => {
            setKind(value === 'waste' ? 'waste' : 'adjust');
          }}
          options={[
            { value: 'adjust', label: t`Adjustment (+ or −)` },
            { value: 'waste', label: t`Waste (thrown away)` },
          ]}
        />
        <TextField
          label={
            kind === 'adjust' ? t({ message: 'Change', context: 'a change in stock' }) : t`Quantity wasted`
          }
          name="amount"
          value={amount}
          onChange={setAmount}
          {...(kind === 'adjust' ? { description: t`Like -2 or 3` } : {})}
        />
      </div>
      <TextField
        label={t`Reason`}
        name="reason"
        value={reason}
        onChange={setReason}
        maxLength={2000}
        isRequired
      />
      {message ? <Alert tone={message.tone}>{message.text}</Alert> : null}
      <div className="button-row">
        <Button type="submit">
          <Trans>Record adjustment</Trans>
        </Button>
      </div>
    </form>
  );
}
