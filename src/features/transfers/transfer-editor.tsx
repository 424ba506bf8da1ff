// /dashboard/transfers/$transferId (issue 38, [PUR-25]…[PUR-29]): one transfer between two stores. A draft is
// edited here — 'From', 'To', a note and lines of products and variants with quantities — and 'Save draft'
// queues it through the outbox, so it works offline and the server decides. A transfer on its way shows per
// line what was sent, received and is still in transit; 'Differences' lists damaged and lost goods and the
// held receipt lines ('Accept' / 'Drop'); 'Close transfer' asks whether what is still in transit was lost or
// 'Returned to sender'. 'History' lists every change of state the server recorded.
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { closeTransfer } from '../../data/ops/transfer-close';
import { saveTransfer } from '../../data/ops/transfer-save';
import { settleTransferHeld } from '../../data/ops/transfer-settle';
import { formatQuantity } from '../../domain/quantity';
import { AddProduct } from '../../ui/add-product';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { DocumentHistory } from '../../ui/document-history';
import { DocumentLinesTable, LineFigureInput, RemoveLineCell } from '../../ui/document-lines';
import { DocumentStatus } from '../../ui/document-status';
import { HeldLine } from '../../ui/held-line';
import { SelectField } from '../../ui/select-field';
import { TextField } from '../../ui/text-field';
import { useMirrorRead } from '../../ui/use-mirror-read';
import { useWhen } from '../../ui/when';
import type { TransferProduct } from './transfers-deps';
import { checkTransferForm, transferFormOf, type TransferForm } from './transfer-draft';
import { transferStatusWords } from './transfer-status-words';
import type { TransferDetail, TransfersDeps } from './transfers-deps';
import './transfers.css';

const EMPTY_FORM: TransferForm = { fromStoreId: '', toStoreId: '', note: '', lines: [] };

/** What this device saved of a transfer since the page opened: shown until the server has it (offline). */
const savedHere = new Map<string, { form: TransferForm; version: number }>();

export function transferQueryKey(companyId: string, transferId: string) {
  return ['transfer', companyId, transferId] as const;
}

export function TransferEditor({
  deps,
  transferId,
  onSaved,
}: {
  deps: TransfersDeps;
  /** null: a new transfer. */
  transferId: string | null;
  /** A new transfer was saved under this id: the route opens its own address. */
  onSaved: (transferId: string) => void;
}) {
  const { t } = useLingui();
  const transfer = useQuery({
    queryKey: transferQueryKey(deps.companyId, transferId ?? ''),
    enabled: transferId !== null,
    queryFn: async () => {
      const read = await deps.remote.get(transferId ?? '');
      if (!read.ok) throw new Error(read.error.message);
      return read.value;
    },
  });
  const stores = useMirrorRead(deps.stores);
  const products = useMirrorRead(deps.products);
  if ((transfer.isPending && transferId !== null) || stores.isPending || products.isPending) {
    return <p>{t`Loading the transfer…`}</p>;
  }
  const detail = transfer.data ?? null;
  const saved = transferId === null ? undefined : savedHere.get(transferId);
  if (transferId !== null && detail === null && saved === undefined) {
    return (
      <Alert title={t`This transfer is not here`}>
        {transfer.error?.message ??
          t`It is not one of this shop's transfers, or it has not reached the server yet.`}
      </Alert>
    );
  }
  return (
    <TransferBody
      key={`${transferId ?? 'new'}:${String(detail?.version ?? 0)}`}
      deps={deps}
      transferId={transferId}
      detail={detail}
      saved={saved && (!detail || saved.version > detail.version) ? saved : undefined}
      products={products.data ?? []}
      stores={stores.data ?? []}
      onSaved={onSaved}
    />
  );
}

function TransferBody({
  deps,
  transferId,
  detail,
  saved,
  products,
  stores,
  onSaved,
}: {
  deps: TransfersDeps;
  transferId: string | null;
  detail: TransferDetail | null;
  /** A newer draft saved on this device than the server's copy. */
  saved: { form: TransferForm; version: number } | undefined;
  products: TransferProduct[];
  stores: { id: string; name: string }[];
  onSaved: (transferId: string) => void;
}) {
  const { t } = useLingui();
  const when = useWhen();
  const queryClient = useQueryClient();
  const [id] = useState(() => transferId ?? deps.commandDeps.ids());
  const [form, setForm] = useState<TransferForm>(
    () => saved?.form ?? (detail ? transferFormOf(detail) : EMPTY_FORM),
  );
  const [version, setVersion] = useState<number | null>(saved?.version ?? detail?.version ?? null);
  const [status, setStatus] = useState(detail?.status ?? 'draft');
  const [problems, setProblems] = useState<{ header: string | null; lines: Map<string, string> }>({
    header: null,
    lines: new Map(),
  });
  const [message, setMessage] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const [closing, setClosing] = useState(false);
  const byId = useMemo(() => new Map(products.map((product) => [product.id, product])), [products]);
  const editable = status === 'draft';
  const nameOf = (productId: string) => byId.get(productId)?.name ?? t`Unknown product`;
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: ['transfers', deps.companyId] });
  };
  const failed = (text: string) => {
    setMessage({ tone: 'error', text });
  };

  const saveDraft = async () => {
    const checked = checkTransferForm(form, byId);
    if (!checked.ok) {
      setProblems({ header: checked.header, lines: checked.lines });
      setMessage(null);
      return;
    }
    setProblems({ header: null, lines: new Map() });
    const result = await saveTransfer(deps.commandDeps, {
      ...checked.input,
      id,
      companyId: deps.companyId,
      ...(version === null ? {} : { baseVersion: version }),
    });
    if (!result.ok) {
      failed(result.error.message);
      return;
    }
    const next = (version ?? 0) + 1;
    setVersion(next);
    savedHere.set(id, { form, version: next });
    setMessage({
      tone: 'success',
      text: t`Draft saved. It reaches the server as soon as this device is online.`,
    });
    refresh();
    if (transferId === null) onSaved(id);
  };

  const close = async (action: 'close' | 'cancel', remainder?: 'lost' | 'returned') => {
    const result = await closeTransfer(deps.commandDeps, {
      companyId: deps.companyId,
      transferId: id,
      action,
      ...(remainder ? { remainder } : {}),
      reason: '',
    });
    if (!result.ok) {
      failed(result.error.message);
      return;
    }
    setClosing(false);
    setStatus(action === 'close' ? 'closed' : 'cancelled');
    setMessage({ tone: 'success', text: action === 'close' ? t`Transfer closed.` : t`Transfer cancelled.` });
    refresh();
  };

  const settle = async (receiptLineId: string, action: 'accept' | 'drop') => {
    const result = await settleTransferHeld(deps.commandDeps, {
      companyId: deps.companyId,
      receiptLineId,
      action,
      reason: '',
    });
    if (!result.ok) {
      failed(result.error.message);
      return;
    }
    setMessage({
      tone: 'success',
      text: action === 'accept' ? t`Held quantity accepted.` : t`Held quantity dropped.`,
    });
  };

  const onTransfer = new Set(form.lines.map((line) => line.productId));
  const figures = new Map((detail?.lines ?? []).map((line) => [line.id, line]));
  const differences = (detail?.lines ?? []).filter((line) => line.damaged > 0 || line.lost > 0);
  const heldLines = detail?.heldLines ?? [];
  const storeOptions = (choose: string) => [
    { value: '', label: choose },
    ...stores.map((store) => ({ value: store.id, label: store.name })),
  ];

  return (
    <div className="document">
      <DocumentStatus
        number={detail?.number ?? t`New transfer`}
        status={status}
        words={transferStatusWords(status)}
      />
      <fieldset className="document__header" disabled={!editable}>
        <SelectField
          label={t`From`}
          name="from-store"
          value={form.fromStoreId}
          onChange={(fromStoreId) => {
            setForm({ ...form, fromStoreId });
          }}
          options={storeOptions(t`Choose a store`)}
        />
        <SelectField
          label={t`To`}
          name="to-store"
          value={form.toStoreId}
          onChange={(toStoreId) => {
            setForm({ ...form, toStoreId });
          }}
          options={storeOptions(t`Choose a store`)}
        />
        <TextField
          label={t`Note`}
          name="note"
          value={form.note}
          maxLength={1000}
          multiline
          onChange={(note) => {
            setForm({ ...form, note });
          }}
        />
      </fieldset>
      {problems.header ? <Alert>{problems.header}</Alert> : null}
      <DocumentLinesTable
        headers={[
          t`Product`,
          t`Quantity`,
          t`Sent`,
          t`Received`,
          t`In transit`,
          ...(editable ? [] : [t`Damaged`, t`Lost`]),
        ]}
        removable={editable}
      >
        {form.lines.map((line) => {
          const name = nameOf(line.productId);
          const known = figures.get(line.id);
          return (
            <tr key={line.id}>
              <th scope="row" data-label={t`Product`}>
                {name}
              </th>
              <td data-label={t`Quantity`}>
                <LineFigureInput
                  label={t`Quantity of ${name}`}
                  value={line.quantityText}
                  problem={problems.lines.get(line.id)}
                  readOnly={!editable}
                  onChange={(quantityText) => {
                    setForm({
                      ...form,
                      lines: form.lines.map((other) =>
                        other.id === line.id ? { ...other, quantityText } : other,
                      ),
                    });
                  }}
                />
              </td>
              <td data-label={t`Sent`}>{formatQuantity(known?.sent ?? 0)}</td>
              <td data-label={t`Received`}>{formatQuantity(known?.received ?? 0)}</td>
              <td data-label={t`In transit`}>{formatQuantity(known?.inTransit ?? 0)}</td>
              {editable ? null : (
                <>
                  <td data-label={t`Damaged`}>{formatQuantity(known?.damaged ?? 0)}</td>
                  <td data-label={t`Lost`}>{formatQuantity(known?.lost ?? 0)}</td>
                </>
              )}
              {editable ? (
                <RemoveLineCell
                  name={name}
                  onRemove={() => {
                    setForm({ ...form, lines: form.lines.filter((other) => other.id !== line.id) });
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
          onDocument={onTransfer}
          onAdd={(product) => {
            const line = { id: deps.commandDeps.ids(), productId: product.id, quantityText: '1' };
            setForm({ ...form, lines: [...form.lines, line] });
          }}
        />
      ) : null}
      {differences.length > 0 || heldLines.length > 0 ? (
        <section className="transfer__held" aria-labelledby="transfer-differences">
          <h2 className="section-title" id="transfer-differences">
            {t`Differences`}
          </h2>
          <ul>
            {differences.map((line) => {
              const name = nameOf(line.productId);
              const damaged = formatQuantity(line.damaged);
              const lost = formatQuantity(line.lost);
              return (
                <li key={line.id} className="document__held-line">
                  <span>{name}</span>
                  {line.damaged > 0 ? <span>{t`Damaged: ${damaged}`}</span> : null}
                  {line.lost > 0 ? <span>{t`Lost: ${lost}`}</span> : null}
                </li>
              );
            })}
            {heldLines.map((held) => {
              const name = nameOf(held.productId);
              const quantity = formatQuantity(held.held);
              return (
                <HeldLine
                  key={held.id}
                  id={held.id}
                  text={t`${name}: ${quantity} held (more arrived than was sent)`}
                  name={name}
                  quantity={quantity}
                  onAccept={() => void settle(held.id, 'accept')}
                  onDrop={() => void settle(held.id, 'drop')}
                />
              );
            })}
          </ul>
        </section>
      ) : null}
      {message ? <Alert tone={message.tone}>{message.text}</Alert> : null}
      {closing ? (
        <section className="transfer__held" aria-labelledby="transfer-close">
          <h2 className="section-title" id="transfer-close">
            {t`Close transfer`}
          </h2>
          <p>{t`What is still in transit will not arrive. What became of it?`}</p>
          <div className="document__actions">
            <Button variant="danger" onPress={() => void close('close', 'lost')}>
              <Trans>Lost</Trans>
            </Button>
            <Button variant="secondary" onPress={() => void close('close', 'returned')}>
              <Trans>Returned to sender</Trans>
            </Button>
            <Button
              variant="ghost"
              onPress={() => {
                setClosing(false);
              }}
            >
              <Trans>Keep it open</Trans>
            </Button>
          </div>
        </section>
      ) : null}
      <div className="document__actions">
        {editable ? (
          <Button onPress={() => void saveDraft()}>
            <Trans>Save draft</Trans>
          </Button>
        ) : null}
        {(status === 'in_transit' || status === 'partly_received') && !closing ? (
          <Button
            variant="secondary"
            onPress={() => {
              if (heldLines.length > 0) {
                failed(t`Accept or drop the held quantities first.`);
                return;
              }
              setClosing(true);
            }}
          >
            <Trans>Close transfer</Trans>
          </Button>
        ) : null}
        {status === 'draft' && version !== null ? (
          <Button variant="danger" onPress={() => void close('cancel')}>
            <Trans>Cancel transfer</Trans>
          </Button>
        ) : null}
      </div>
      {detail ? (
        <DocumentHistory
          id="transfer-history"
          events={detail.events}
          statusWords={transferStatusWords}
          when={when}
          empty={t`Nothing has happened to this transfer yet.`}
        />
      ) : null}
    </div>
  );
}
