// One line of 'Receive stock': what was ordered and has arrived so far, and the two fields a person fills in.
// A fieldset named after the product, so each 'Arrived now' and 'Unit cost' is found by its product.
import { Trans, useLingui } from '@lingui/react/macro';
import { costAfterPreview } from '../../../domain/purchasing/cost-preview';
import { receiptUnitCost } from '../../../domain/purchasing/receipt-lines';
import { formatMoney } from '../../../domain/money-text';
import { formatQuantity } from '../../../domain/quantity';
import type { ReceivingOrder } from '../../../data/local/purchasing-reads';
import { StockLine, type StockFigure } from '../../../ui/stock-line';
import { TextField } from '../../../ui/text-field';
import type { DraftLine, ReadLine } from './receipt-draft';

export interface ReceiveLineProps {
  line: DraftLine;
  read: ReadLine;
  order: ReceivingOrder;
  currency: string;
  onChange: (edit: (line: DraftLine) => DraftLine) => void;
}

export function ReceiveLine({ line, read, order, currency, onChange }: ReceiveLineProps) {
  const { t } = useLingui();
  const { orderLine, product } = line;
  const { draft } = read;
  // [PUR-T9] A preview by the shop's method on this till's on-hand; the server decides.
  const after =
    draft.arrived > 0 && read.costError === null
      ? costAfterPreview({
          method: order.costMethod,
          onHand: order.onHand.get(product.id) ?? 0,
          oldCost: product.cost ?? null,
          arrived: draft.arrived,
          unitCost: receiptUnitCost(draft),
        })
      : null;
  const afterText = after === null ? '' : formatMoney(after, currency);
  const figures: StockFigure[] = orderLine
    ? [
        { label: <Trans>Ordered</Trans>, value: formatQuantity(orderLine.quantity - orderLine.cancelled) },
        { label: <Trans>Already received</Trans>, value: formatQuantity(orderLine.seenReceived) },
      ]
    : [{ label: <Trans>Not on the order</Trans>, value: '' }];
  return (
    <StockLine
      name={product.name}
      figures={figures}
      after={afterText ? <Trans>Cost after: {afterText}</Trans> : null}
    >
      <TextField
        label={t`Arrived now`}
        name={`arrived-${line.key}`}
        value={line.arrivedText}
        inputMode="decimal"
        error={read.arrivedError}
        onChange={(text) => {
          onChange((current) => ({ ...current, arrivedText: text }));
        }}
      />
      <TextField
        label={t`Unit cost`}
        name={`cost-${line.key}`}
        value={line.costText}
        inputMode="decimal"
        error={read.costError}
        onChange={(text) => {
          onChange((current) => ({ ...current, costText: text }));
        }}
      />
    </StockLine>
  );
}
