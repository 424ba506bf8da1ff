// Counting stock: what is on the shelf against what this device expects (the mirrored level plus its own
// unsynced deltas, [ONHAND-1]). The op carries both, so the server books their difference and it commutes
// with other tills' sales ([STOCK-5]); a count that agrees records nothing.
import { Trans, useLingui } from '@lingui/react/macro';
import { useCallback, useState } from 'react';
import type { MirrorProduct } from '../../data/local/mirror-db';
import { onHand } from '../../data/local/stock-on-hand';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { TextField } from '../../ui/text-field';
import { readyValue, useLiveQuery } from '../../ui/use-live-query';
import { useOnline } from '../../ui/use-online';
import { recordedWords } from './move-outcome';
import { ProductPicker } from './product-picker';
import type { StockDeps } from './stock-deps';
import { recordMove } from './stock-moves';
import { formatQuantity, parseCounted } from './stock-quantity';

export function CountForm({
  deps,
  storeId,
  products,
}: {
  deps: StockDeps;
  storeId: string;
  products: readonly MirrorProduct[];
}) {
  const [productId, setProductId] = useState('');
  const [counted, setCounted] = useState('');
  const [message, setMessage] = useState<{ tone: 'error' | 'success' | 'info'; text: string } | null>(null);
  const online = useOnline();
  const { t } = useLingui();
  const readExpected = useCallback(
    async () => (productId ? onHand(deps.commandDeps.ledger, deps.mirror, storeId, productId) : null),
    [deps, storeId, productId],
  );
  const expected = readyValue(useLiveQuery(readExpected));
  const expectedQuantity = typeof expected === 'number' ? formatQuantity(expected) : '';

  const submit = async () => {
    const product = products.find((row) => row.id === productId);
    if (!product || expected === undefined || expected === null) {
      setMessage({ tone: 'error', text: t`Choose a product.` });
      return;
    }
    const parsed = parseCounted(counted, product.weighed);
    if (!parsed.ok) {
      setMessage({ tone: 'error', text: parsed.error.message });
      return;
    }
    const difference = parsed.value - expected;
    const productName = product.name;
    if (difference === 0) {
      setMessage({ tone: 'info', text: t`${productName}: the count agrees. Nothing to record.` });
      return;
    }
    const result = await recordMove(deps, {
      storeId,
      productId,
      body: { reason: 'count', counted: parsed.value, expected },
      note: null,
    });
    if (!result.ok) {
      setMessage({ tone: 'error', text: result.error.message });
      return;
    }
    setCounted('');
    const countedQuantity = formatQuantity(parsed.value);
    const change = `${difference > 0 ? '+' : ''}${formatQuantity(difference)}`;
    setMessage({
      tone: 'success',
      text: await recordedWords(deps, storeId, {
        what: t`${productName}: counted ${countedQuantity}, ${change} recorded.`,
        products: [product],
        online,
      }),
    });
  };

  return (
    <form
      className="stock-form"
      aria-label={t`Count stock`}
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <ProductPicker label={t`Product`} products={products} value={productId} onChange={setProductId} />
      {productId && typeof expected === 'number' ? (
        <p className="stock-form__expected" data-testid="expected-on-hand">
          <Trans>Expected on hand: {expectedQuantity}</Trans>
        </p>
      ) : null}
      <TextField label={t`Counted`} name="counted" value={counted} onChange={setCounted} />
      {message ? <Alert tone={message.tone}>{message.text}</Alert> : null}
      <div className="button-row">
        <Button type="submit">
          <Trans>Record count</Trans>
        </Button>
      </div>
    </form>
  );
}
