// /dashboard/purchase-orders/$orderId (issue 38, [PUR-11]…[PUR-20]): one purchase order. A draft is edited
// here — supplier, store, 'Expected on' (today + the supplier's lead time until changed), note, and lines of
// product, quantity and unit cost (the product's cost until changed) — and 'Save draft' or 'Mark as ordered'
// queue ops through the outbox, so they work offline and the server decides. An order on its way shows
// what has arrived, what is held (with 'Accept' and 'Drop') and what is still to come, and can be closed
// or cancelled. 'History' lists every change of state the server recorded.
import { Trans, useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { closeOrder } from '../../data/ops/purchase-order-close';
import { markOrdered } from '../../data/ops/purchase-order-order';
import { saveOrder } from '../../data/ops/purchase-order-save';
import { settleHeld } from '../../data/ops/purchase-order-settle';
import { addDays, dayIn } from '../../lib/calendar';
import { formatMoney } from '../../lib/format-money';
import { formatQuantity } from '../../domain/quantity';
import { AddProduct } from '../../ui/add-product';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { DayField } from '../../ui/day-field';
import { DocumentHistory } from '../../ui/document-history';
import { DocumentLinesTable, LineFigureInput, RemoveLineCell } from '../../ui/document-lines';
import { DocumentStatus } from '../../ui/document-status';
import { HeldLine } from '../../ui/held-line';
import { SelectField } from '../../ui/select-field';
import { TextField } from '../../ui/text-field';
import { useWhen } from '../../ui/when';
import {
  checkForm,
  formOf,
  lineCost,
  newLine,
  readQuantity,
  stillToCome,
  type DraftLine,
  type LineProblems,
  type OrderForm,
} from './order-draft';
import { orderStatusWords, statusWordsOf } from './order-status-words';
import type { OrderDetail, OrderProduct, OrderStatus, PurchaseOrdersDeps } from './purchase-orders-deps';
import { ReceiveOrder } from './receive-order-dialog';
import { rememberSaved, savedOnThisDevice, useOrderData } from './use-order-data';
import './purchase-orders.css';

const EMPTY_FORM: OrderForm = { supplierId: '', storeId: '', expectedOn: '', note: '', lines: [] };

export function PurchaseOrderEditor({
  deps,
  orderId,
  onSaved,
  onPrint,
}: {
  deps: PurchaseOrdersDeps;
  /** null: a new order. */
  orderId: string | null;
  /** A new order was saved under this id: the route opens its own address. */
  onSaved: (orderId: string) => void;
  onPrint: (orderId: string) => void;
}) {
  const { t } = useLingui();
  const data = useOrderData(deps, orderId);
  const loading =
    (data.order.isPending && orderId !== null) || data.stores.isPending || data.products.isPending;
  if (loading || data.suppliers.isPending) return <p>{t`Loading the order…`}</p>;
  const saved = orderId === null ? undefined : savedOnThisDevice(orderId);
  const detail = data.order.data ?? null;
  if (orderId !== null && detail === null && saved === undefined) {
    return (
      <Alert title={t`This purchase order is not here`}>
        {data.order.error?.message ??
          t`It is not one of this shop's orders, or it has not reached the server yet.`}
      </Alert>
    );
  }
  const products = data.products.data ?? [];
  return (
    <OrderBody
      // A fresh read of the order (after a sync, or a receipt that left its state) starts the form again.
      key={`${orderId ?? 'new'}:${String(detail?.version ?? saved?.version ?? 0)}:${String(detail?.receiptIds.length ?? 0)}`}
      deps={deps}
      orderId={orderId}
      detail={detail}
      saved={saved}
      products={products}
      suppliers={data.suppliers.data ?? []}
      stores={data.stores.data ?? []}
      suppliersProblem={data.suppliers.error?.message ?? null}
      onSaved={onSaved}
      onPrint={onPrint}
    />
  );
}

function OrderBody({
  deps,
  orderId,
  detail,
  saved,
  products,
  suppliers,
  stores,
  suppliersProblem,
  onSaved,
  onPrint,
}: {
  deps: PurchaseOrdersDeps;
  orderId: string | null;
  detail: OrderDetail | null;
  saved: ReturnType<typeof savedOnThisDevice>;
  products: OrderProduct[];
  suppliers: { id: string; name: string; leadTimeDays: number }[];
  stores: { id: string; name: string }[];
  suppliersProblem: string | null;
  onSaved: (orderId: string) => void;
  onPrint: (orderId: string) => void;
}) {
  const { t } = useLingui();
  const when = useWhen();
  const queryClient = useQueryClient();
  const [id] = useState(() => orderId ?? deps.commandDeps.ids());
  const fromServer =
    detail === null ? null : { form: formOf(detail, deps.currency), version: detail.version };
  const start = saved && (!fromServer || saved.version > fromServer.version) ? saved : fromServer;
  const [form, setForm] = useState<OrderForm>(() => {
    if (start) return start.form;
    const onlyStore = stores.length === 1 ? (stores[0]?.id ?? '') : '';
    return { ...EMPTY_FORM, storeId: onlyStore };
  });
  const [version, setVersion] = useState<number | null>(start?.version ?? null);
  const [status, setStatus] = useState<OrderStatus>(saved?.status ?? detail?.status ?? 'draft');
  const [problems, setProblems] = useState<{ header: string | null; lines: Map<string, LineProblems> }>({
    header: null,
    lines: new Map(),
  });
  const [message, setMessage] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const [dropReasons, setDropReasons] = useState<ReadonlyMap<string, string>>(new Map());
  const byId = useMemo(() => new Map(products.map((product) => [product.id, product])), [products]);
  const editable = status === 'draft';
  const number = detail?.number ?? null;

  const update = (change: Partial<OrderForm>) => {
    setForm((current) => ({ ...current, ...change }));
  };
  const updateLine = (lineId: string, change: Partial<DraftLine>) => {
    setForm((current) => ({
      ...current,
      lines: current.lines.map((line) => (line.id === lineId ? { ...line, ...change } : line)),
    }));
  };
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: ['purchase-orders', deps.companyId] });
  };

  /** Queues the draft as it stands; false when a line does not read (each named in words). */
  const queueSave = async (): Promise<boolean> => {
    const checked = checkForm(form, byId, deps.currency);
    if (!checked.ok) {
      setProblems({ header: checked.header, lines: checked.lines });
      setMessage(null);
      return false;
    }
    setProblems({ header: null, lines: new Map() });
    const result = await saveOrder(deps.commandDeps, {
      ...checked.input,
      id,
      companyId: deps.companyId,
      ...(version === null ? {} : { baseVersion: version }),
    });
    if (!result.ok) {
      setMessage({ tone: 'error', text: result.error.message });
      return false;
    }
    const next = (version ?? 0) + 1;
    setVersion(next);
    rememberSaved(id, { form, version: next, status: 'draft' });
    return true;
  };

  const saveDraft = async () => {
    if (!(await queueSave())) return;
    setMessage({
      tone: 'success',
      text: t`Draft saved. It reaches the server as soon as this device is online.`,
    });
    refresh();
    if (orderId === null) onSaved(id);
  };

  const markAsOrdered = async () => {
    if (!(await queueSave())) return;
    const ordered = await markOrdered(deps.commandDeps, {
      companyId: deps.companyId,
      orderId: id,
      via: 'phone',
    });
    if (!ordered.ok) {
      setMessage({ tone: 'error', text: ordered.error.message });
      return;
    }
    setStatus('ordered');
    rememberSaved(id, { form, version: (version ?? 0) + 2, status: 'ordered' });
    setMessage({ tone: 'success', text: t`Marked as ordered.` });
    refresh();
    if (orderId === null) onSaved(id);
  };

  // [PUR-15] Only what the server has can be mailed: an order, or a draft with no change still on its way.
  const sendable =
    detail !== null && (status === 'ordered' || (status === 'draft' && version === detail.version));
  const sendToSupplier = async () => {
    const sent = await deps.sendToSupplier(id);
    if (!sent.ok) {
      setMessage({ tone: 'error', text: sent.error.message });
      return;
    }
    if (sent.value.status === 'ordered') setStatus('ordered');
    setMessage({ tone: 'success', text: t`Sent to the supplier.` });
    refresh();
  };

  const close = async (action: 'close' | 'cancel') => {
    const result = await closeOrder(deps.commandDeps, {
      companyId: deps.companyId,
      orderId: id,
      action,
      reason: '',
    });
    if (!result.ok) {
      setMessage({ tone: 'error', text: result.error.message });
      return;
    }
    setStatus(action === 'close' ? 'closed' : 'cancelled');
    setMessage({ tone: 'success', text: action === 'close' ? t`Order closed.` : t`Order cancelled.` });
    refresh();
  };

  const settle = async (receiptLineId: string, action: 'accept' | 'drop') => {
    const reason = (dropReasons.get(receiptLineId) ?? '').trim();
    // [PUR-20] A drop says why: asked here, in words, before anything is queued.
    if (action === 'drop' && reason === '') {
      setMessage({ tone: 'error', text: t`Say why it is dropped.` });
      return;
    }
    const result = await settleHeld(deps.commandDeps, {
      companyId: deps.companyId,
      receiptLineId,
      action,
      reason,
    });
    setMessage(
      result.ok
        ? {
            tone: 'success',
            text: action === 'accept' ? t`Held quantity accepted.` : t`Held quantity dropped.`,
          }
        : { tone: 'error', text: result.error.message },
    );
  };

  const chooseSupplier = (supplierId: string) => {
    const supplier = suppliers.find((choice) => choice.id === supplierId);
    // 'Expected on' follows the supplier's lead time until someone types a date of their own.
    const defaultDay = supplier ? addDays(dayIn(deps.timeZone), supplier.leadTimeDays) : '';
    const typedOwn = form.expectedOn !== '' && form.expectedOn !== expectedFor(form.supplierId);
    update({ supplierId, ...(typedOwn ? {} : { expectedOn: defaultDay }) });
  };
  const expectedFor = (supplierId: string) => {
    const supplier = suppliers.find((choice) => choice.id === supplierId);
    return supplier ? addDays(dayIn(deps.timeZone), supplier.leadTimeDays) : '';
  };

  const onOrder = new Set(form.lines.map((line) => line.productId));
  const total = form.lines.reduce(
    (sum, line) => sum + (lineCost(line, byId.get(line.productId), deps.currency) ?? 0),
    0,
  );
  const heldLines = detail?.heldLines ?? [];
  const hasArrivals = form.lines.some((line) => line.received > 0 || line.held > 0);

  return (
    <div className="document">
      <DocumentStatus
        // A draft the server has not numbered yet reads 'Draft' (its badge) until it syncs.
        number={number ?? (orderId === null && version === null ? t`New purchase order` : '')}
        status={status}
        words={orderStatusWords(status)}
      />
      {suppliersProblem ? <Alert tone="warning">{suppliersProblem}</Alert> : null}
      <fieldset className="document__header" disabled={!editable}>
        <SelectField
          label={t`Supplier`}
          name="supplier"
          value={form.supplierId}
          onChange={chooseSupplier}
          options={[
            { value: '', label: t`Choose a supplier` },
            ...suppliers.map((supplier) => ({ value: supplier.id, label: supplier.name })),
          ]}
        />
        <SelectField
          label={t`Store`}
          name="store"
          value={form.storeId}
          onChange={(storeId) => {
            update({ storeId });
          }}
          options={[
            { value: '', label: t`Choose a store` },
            ...stores.map((store) => ({ value: store.id, label: store.name })),
          ]}
        />
        <DayField
          label={t`Expected on`}
          value={form.expectedOn}
          onChange={(expectedOn) => {
            update({ expectedOn });
          }}
        />
        <TextField
          label={t`Note`}
          name="note"
          value={form.note}
          maxLength={1000}
          multiline
          onChange={(note) => {
            update({ note });
          }}
        />
      </fieldset>
      {problems.header ? <Alert>{problems.header}</Alert> : null}
      <DocumentLinesTable
        headers={[
          t`Product`,
          t`Quantity`,
          t`Unit cost`,
          t`Line cost`,
          t`Received`,
          t`Held`,
          t`Still to come`,
        ]}
        removable={editable}
        foot={
          <tr>
            <th scope="row" colSpan={3}>
              {t`Total cost`}
            </th>
            <td>{formatMoney(total, deps.currency)}</td>
          </tr>
        }
      >
        {form.lines.map((line) => {
          const product = byId.get(line.productId);
          const name = product?.name ?? t`Unknown product`;
          const lineProblems = problems.lines.get(line.id) ?? {};
          const quantity = readQuantity(line.quantityText, product);
          const cost = lineCost(line, product, deps.currency);
          return (
            <tr key={line.id}>
              <th scope="row" data-label={t`Product`}>
                {name}
                {product?.sku ? <span className="document__minor"> {product.sku}</span> : null}
              </th>
              <td data-label={t`Quantity`}>
                <LineFigureInput
                  label={t`Quantity of ${name}`}
                  value={line.quantityText}
                  problem={lineProblems.quantity}
                  readOnly={!editable}
                  onChange={(quantityText) => {
                    updateLine(line.id, { quantityText });
                  }}
                />
              </td>
              <td data-label={t`Unit cost`}>
                <LineFigureInput
                  label={t`Unit cost of ${name}`}
                  value={line.unitCostText}
                  problem={lineProblems.unitCost}
                  readOnly={!editable}
                  onChange={(unitCostText) => {
                    updateLine(line.id, { unitCostText });
                  }}
                />
              </td>
              <td data-label={t`Line cost`}>{cost === null ? '—' : formatMoney(cost, deps.currency)}</td>
              <td data-label={t`Received`}>{formatQuantity(line.received)}</td>
              <td data-label={t`Held`}>{formatQuantity(line.held)}</td>
              <td data-label={t`Still to come`}>
                {'value' in quantity ? formatQuantity(stillToCome(quantity.value, line)) : '—'}
              </td>
              {editable ? (
                <RemoveLineCell
                  name={name}
                  onRemove={() => {
                    update({ lines: form.lines.filter((other) => other.id !== line.id) });
                  }}
                />
              ) : null}
            </tr>
          );
        })}
      </DocumentLinesTable>
      {editable ? (
        <AddProduct
          products={products}
          onDocument={onOrder}
          onAdd={(product) => {
            update({ lines: [...form.lines, newLine(deps.commandDeps.ids(), product, deps.currency)] });
          }}
        />
      ) : null}
      {heldLines.length > 0 ? (
        <section className="purchase-order__held" aria-label={t`Held`}>
          <h2 className="section-title">{t`Held`}</h2>
          <p>{t`Two deliveries may have been counted twice: accept what really arrived, drop what did not.`}</p>
          <ul>
            {heldLines.map((held) => {
              const name = byId.get(held.productId)?.name ?? t`Unknown product`;
              const quantity = formatQuantity(held.held);
              return (
                <HeldLine
                  key={held.id}
                  id={held.id}
                  text={t`${name}: ${quantity} held`}
                  name={name}
                  quantity={quantity}
                  onAccept={() => void settle(held.id, 'accept')}
                  onDrop={() => void settle(held.id, 'drop')}
                  dropReason={{
                    value: dropReasons.get(held.id) ?? '',
                    onChange: (reason) => {
                      setDropReasons((current) => new Map(current).set(held.id, reason));
                    },
                  }}
                />
              );
            })}
          </ul>
        </section>
      ) : null}
      {detail ? (
        <ReceiveOrder
          deps={deps}
          detail={{ ...detail, status }}
          products={byId}
          supplier={suppliers.find((supplier) => supplier.id === detail.supplierId) ?? null}
        />
      ) : null}
      {message ? <Alert tone={message.tone}>{message.text}</Alert> : null}
      <div className="document__actions">
        {editable ? (
          <>
            <Button variant="secondary" onPress={() => void saveDraft()}>
              <Trans>Save draft</Trans>
            </Button>
            <Button onPress={() => void markAsOrdered()}>
              <Trans>Mark as ordered</Trans>
            </Button>
          </>
        ) : null}
        {sendable ? (
          <Button variant="secondary" onPress={() => void sendToSupplier()}>
            <Trans>Send to supplier</Trans>
          </Button>
        ) : null}
        {orderId !== null || version !== null ? (
          <Button
            variant="secondary"
            onPress={() => {
              onPrint(id);
            }}
          >
            <Trans>Print</Trans>
          </Button>
        ) : null}
        {status === 'ordered' || status === 'partly_received' || status === 'received' ? (
          <Button variant="secondary" onPress={() => void close('close')}>
            <Trans>Close order</Trans>
          </Button>
        ) : null}
        {(status === 'draft' && version !== null) || (status === 'ordered' && !hasArrivals) ? (
          <Button variant="danger" onPress={() => void close('cancel')}>
            <Trans>Cancel order</Trans>
          </Button>
        ) : null}
      </div>
      {detail ? (
        <DocumentHistory
          id="purchase-order-history"
          events={detail.events}
          statusWords={statusWordsOf}
          when={when}
          empty={t`Nothing has happened to this order yet.`}
        />
      ) : null}
    </div>
  );
}
