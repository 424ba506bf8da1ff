// 'Receive' on a purchase order's page (issue 38): a manager in the back office takes in a delivery against
// an order that is ordered or partly received. Each line shows 'Ordered', 'Already received' (what this
// device knows: the server's received and held plus its own receipts not synced yet, [PUR-T2]) and 'Arrived
// now', with the unit cost (the line's until changed). 'Post' asks the till's questions, then queues
// `purchase_order.receive` through the outbox with no till and no person: the server knows the signed-in
// manager, derives the order's state and moves the cost ([PUR-17], [PUR-23]). Works offline once the page is
// loaded; until the receipt syncs the page says it is waiting, then it reads the order again.
import { Trans, useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { receivePurchaseOrder } from '../../data/ops/purchase-order-receive';
import { isReceivable } from '../../domain/purchasing/document-status';
import { DEFAULT_PURCHASING_SETTINGS } from '../../domain/purchasing/settings';
import {
  questionWords,
  type OrderSupplier,
  type ReceiptQuestion,
} from '../../domain/purchasing/receipt-lines';
import type { LocalReceiptLine } from '../../domain/purchasing/seen-received';
import { formatQuantity } from '../../domain/quantity';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import { StockLine, StockQuestion } from '../../ui/stock-line';
import { TextField } from '../../ui/text-field';
import { readyValue, useLiveQuery } from '../../ui/use-live-query';
import { readOrderReceipt, receiptRowsOf, type ReceiptRow } from './order-receipt';
import type { OrderDetail, OrderProduct, PurchaseOrdersDeps } from './purchase-orders-deps';
import { orderQueryKey } from './use-order-data';

interface LocalReceipt {
  id: string;
  sync: string;
  lines: (LocalReceiptLine & { productId: string })[];
}

/** This device's receipts of the order, with where each stands: refused ones are left out. */
function useLocalReceipts(deps: PurchaseOrdersDeps, detail: OrderDetail): LocalReceipt[] {
  const { ledger } = deps.commandDeps;
  const orderId = detail.id;
  const read = useCallback(async () => {
    const [receipts, lines] = await Promise.all([
      ledger.purchaseReceipts.where('purchase_order_id').equals(orderId).toArray(),
      ledger.purchaseReceiptLines.where('purchase_order_id').equals(orderId).toArray(),
    ]);
    return receipts
      .filter((receipt) => receipt.sync !== 'attention')
      .map((receipt) => ({
        id: receipt.id,
        sync: receipt.sync,
        lines: lines
          .filter((line) => line.receipt_id === receipt.id)
          .map((line) => ({
            lineId: line.purchase_order_line_id,
            productId: line.product_id,
            quantity: line.quantity,
            reflected: false,
          })),
      }));
  }, [ledger, orderId]);
  const receipts = readyValue(useLiveQuery(read)) ?? [];
  // A receipt the server has is counted in the order as read: only the others are this device's alone.
  const known = new Set(detail.receiptIds);
  return receipts.map((receipt) => ({
    ...receipt,
    lines: receipt.lines.map((line) => ({ ...line, reflected: known.has(receipt.id) })),
  }));
}

/**
 * The page's 'Receive' and what this device received that the server does not have yet. A receipt synced
 * since the order was read makes the page read it again, so its new state shows.
 */
export function ReceiveOrder({
  deps,
  detail,
  products,
  supplier,
}: {
  deps: PurchaseOrdersDeps;
  detail: OrderDetail;
  products: ReadonlyMap<string, OrderProduct>;
  supplier: OrderSupplier | null;
}) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const receipts = useLocalReceipts(deps, detail);
  const waiting = receipts.filter((receipt) => !detail.receiptIds.includes(receipt.id));
  const syncedSinceRead = waiting.some((receipt) => receipt.sync === 'synced');
  useEffect(() => {
    if (syncedSinceRead)
      void queryClient.invalidateQueries({ queryKey: orderQueryKey(deps.companyId, detail.id) });
  }, [syncedSinceRead, queryClient, deps.companyId, detail.id]);
  const local = receipts.flatMap((receipt) => receipt.lines);
  const number = detail.number ?? '';
  return (
    <section className="purchase-order__receive" aria-label={t`Receive`}>
      {waiting.length > 0 ? (
        <Alert tone="info" title={t`Received on this device, not synced yet`}>
          <ul>
            {waiting.flatMap((receipt) =>
              receipt.lines.map((line, at) => {
                const name = products.get(line.productId)?.name ?? t`Unknown product`;
                const quantity = formatQuantity(line.quantity);
                return <li key={`${receipt.id}:${String(at)}`}>{t`${quantity} × ${name}`}</li>;
              }),
            )}
          </ul>
        </Alert>
      ) : null}
      {isReceivable(detail.status) ? (
        <Button
          onPress={() => {
            setOpen(true);
          }}
        >
          <Trans>Receive</Trans>
        </Button>
      ) : null}
      <Dialog title={t`Receive ${number}`} isOpen={open} onOpenChange={setOpen}>
        {open ? (
          <ReceiveForm
            deps={deps}
            detail={detail}
            rows={receiptRowsOf(detail, products, local, deps.currency)}
            supplier={supplier}
            onPosted={() => {
              setOpen(false);
            }}
          />
        ) : null}
      </Dialog>
    </section>
  );
}

const questionKey = (question: ReceiptQuestion) => `${question.kind}:${question.productId}`;

function ReceiveForm({
  deps,
  detail,
  rows: startRows,
  supplier,
  onPosted,
}: {
  deps: PurchaseOrdersDeps;
  detail: OrderDetail;
  rows: ReceiptRow[];
  supplier: OrderSupplier | null;
  onPosted: () => void;
}) {
  const { t } = useLingui();
  const [rows, setRows] = useState(startRows);
  const [notice, setNotice] = useState<string | null>(null);
  const [questions, setQuestions] = useState<ReceiptQuestion[]>([]);
  const [posting, setPosting] = useState(false);
  const confirmed = useRef(new Set<string>());
  const { currency } = deps;
  const read = readOrderReceipt(rows, supplier, currency, DEFAULT_PURCHASING_SETTINGS.receiptCostFlagPct);

  const edit = (lineId: string, change: Partial<ReceiptRow>) => {
    setQuestions([]);
    setRows((all) => all.map((row) => (row.line.id === lineId ? { ...row, ...change } : row)));
  };

  const queue = async () => {
    setPosting(true);
    const posted = await receivePurchaseOrder(deps.commandDeps, {
      terminal: { id: null, company_id: deps.companyId, store_id: detail.storeId },
      orderId: detail.id,
      receiptId: deps.commandDeps.ids(),
      lines: read.toPost,
      stamp: null,
    });
    setPosting(false);
    if (posted.ok) onPosted();
    else setNotice(posted.error.message);
  };

  const post = (answered: ReadonlySet<string>) => {
    if (!read.valid) {
      setNotice(t`Some lines need a change before posting.`);
      return;
    }
    if (read.toPost.length === 0) {
      setNotice(t`Nothing has been entered as arrived`);
      return;
    }
    setNotice(null);
    const open = read.questions.filter((question) => !answered.has(questionKey(question)));
    setQuestions(open);
    if (open.length === 0) void queue();
  };

  const question = questions[0];
  return (
    <div className="receive-order">
      <div className="receive-order__lines">
        {rows.map((row, at) => {
          const readRow = read.rows[at];
          const { line, product } = row;
          return (
            <StockLine
              key={line.id}
              name={product.name}
              figures={[
                { label: <Trans>Ordered</Trans>, value: formatQuantity(line.quantity - line.cancelled) },
                { label: <Trans>Already received</Trans>, value: formatQuantity(row.seen) },
              ]}
            >
              <TextField
                label={t`Arrived now`}
                name={`arrived-${line.id}`}
                value={row.arrivedText}
                inputMode="decimal"
                error={readRow?.arrivedError ?? null}
                onChange={(arrivedText) => {
                  edit(line.id, { arrivedText });
                }}
              />
              <TextField
                label={t`Unit cost`}
                name={`cost-${line.id}`}
                value={row.costText}
                inputMode="decimal"
                error={readRow?.costError ?? null}
                onChange={(costText) => {
                  edit(line.id, { costText });
                }}
              />
            </StockLine>
          );
        })}
      </div>
      {notice ? <Alert>{notice}</Alert> : null}
      {question ? (
        <StockQuestion
          label={t`Question`}
          text={questionWords(question, currency).text}
          yes={questionWords(question, currency).yes}
          no={t({ message: 'Change', context: 'go back and change what was typed' })}
          onYes={() => {
            confirmed.current.add(questionKey(question));
            post(confirmed.current);
          }}
          onNo={() => {
            setQuestions([]);
          }}
        />
      ) : null}
      <div className="receive-order__actions">
        <Button
          size="lg"
          isDisabled={posting || question !== undefined}
          onPress={() => {
            post(confirmed.current);
          }}
        >
          <Trans>Post</Trans>
        </Button>
      </div>
    </div>
  );
}
