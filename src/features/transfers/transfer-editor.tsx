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
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { SelectField } from '../../ui/select-field';
import { TextField } from '../../ui/text-field';
import { useWhen } from '../../ui/when';
import type { TransferProduct } from './transfers-deps';
import { checkTransferForm, transferFormOf, type TransferForm } from './transfer-draft';
import { transferStatusWords } from './transfer-status-words';
import type { TransferDetail, TransfersDeps } from './transfers-deps';
import './transfers.css';

const EMPTY_FORM: TransferForm = { fromStoreId: '', toStoreId: '', note: '', lines: [] };
/** Products offered under 'Add product' at once; typing narrows them. */
const SHOWN_MATCHES = 8;

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
  const stores = useQuery({ queryKey: ['transfer-stores', deps.companyId], queryFn: deps.stores });
  const products = useQuery({ queryKey: ['transfer-products', deps.companyId], queryFn: deps.products });
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
  const [search, setSearch] = useState('');
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
  const words = search.toLowerCase().split(/\s+/).filter(Boolean);
  const matches =
    words.length === 0
      ? []
      : products
          .filter((product) => !onTransfer.has(product.id))
          .filter((product) =>
            words.every((word) => `${product.name} ${product.sku ?? ''}`.toLowerCase().includes(word)),
          )
          .slice(0, SHOWN_MATCHES);
  const figures = new Map((detail?.lines ?? []).map((line) => [line.id, line]));
  const differences = (detail?.lines ?? []).filter((line) => line.damaged > 0 || line.lost > 0);
  const heldLines = detail?.heldLines ?? [];
  const storeOptions = (choose: string) => [
    { value: '', label: choose },
    ...stores.map((store) => ({ value: store.id, label: store.name })),
  ];

  return (
    <div className="transfer">
      <p className="transfer__status">
        <span className="transfer__number">{detail?.number ?? t`New transfer`}</span>{' '}
        <span className={`transfer__badge transfer__badge--${status}`}>{transferStatusWords(status)}</span>
      </p>
      <fieldset className="transfer__header" disabled={!editable}>
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
      <div className="transfer__lines-scroll">
        <table className="transfer__lines" aria-label={t`Lines`}>
          <thead>
            <tr>
              <th scope="col">{t`Product`}</th>
              <th scope="col">{t`Quantity`}</th>
              <th scope="col">{t`Sent`}</th>
              <th scope="col">{t`Received`}</th>
              <th scope="col">{t`In transit`}</th>
              {editable ? null : (
                <>
                  <th scope="col">{t`Damaged`}</th>
                  <th scope="col">{t`Lost`}</th>
                </>
              )}
              {editable ? (
                <th scope="col">
                  <span className="visually-hidden">{t`Remove`}</span>
                </th>
              ) : null}
            </tr>
          </thead>
          <tbody>
            {form.lines.map((line) => {
              const name = nameOf(line.productId);
              const problem = problems.lines.get(line.id);
              const known = figures.get(line.id);
              return (
                <tr key={line.id}>
                  <th scope="row" data-label={t`Product`}>
                    {name}
                  </th>
                  <td data-label={t`Quantity`}>
                    {editable ? (
                      <label className="transfer__cell">
                        <span className="visually-hidden">{t`Quantity of ${name}`}</span>
                        <input
                          className="field__input transfer__input"
                          inputMode="decimal"
                          value={line.quantityText}
                          aria-invalid={problem ? true : undefined}
                          aria-description={problem}
                          onChange={(event) => {
                            const quantityText = event.target.value;
                            setForm({
                              ...form,
                              lines: form.lines.map((other) =>
                                other.id === line.id ? { ...other, quantityText } : other,
                              ),
                            });
                          }}
                        />
                        {problem ? (
                          <span className="field__error" role="alert">
                            {problem}
                          </span>
                        ) : null}
                      </label>
                    ) : (
                      <span className="transfer__figure">{line.quantityText}</span>
                    )}
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
                    <td>
                      <Button
                        variant="ghost"
                        aria-label={t`Remove ${name}`}
                        onPress={() => {
                          setForm({ ...form, lines: form.lines.filter((other) => other.id !== line.id) });
                        }}
                      >
                        ×
                      </Button>
                    </td>
                  ) : null}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {editable ? (
        <div className="transfer__add">
          <TextField
            label={t`Add product`}
            name="add-product"
            value={search}
            placeholder={t`Name or SKU`}
            onChange={setSearch}
          />
          {matches.length > 0 ? (
            <ul className="transfer__matches" aria-label={t`Products found`}>
              {matches.map((product) => (
                <li key={product.id}>
                  <Button
                    variant="secondary"
                    onPress={() => {
                      const line = { id: deps.commandDeps.ids(), productId: product.id, quantityText: '1' };
                      setForm({ ...form, lines: [...form.lines, line] });
                      setSearch('');
                    }}
                  >
                    <AddWords name={product.name} />
                  </Button>
                </li>
              ))}
            </ul>
          ) : words.length > 0 ? (
            <p>{t`No product matches.`}</p>
          ) : null}
        </div>
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
                <li key={line.id} className="transfer__held-line">
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
                <li key={held.id} className="transfer__held-line">
                  <span>{t`${name}: ${quantity} held (more arrived than was sent)`}</span>
                  <Button
                    variant="secondary"
                    aria-label={t`Accept ${quantity} ${name}`}
                    onPress={() => void settle(held.id, 'accept')}
                  >
                    {t`Accept`}
                  </Button>
                  <Button
                    variant="ghost"
                    aria-label={t`Drop ${quantity} ${name}`}
                    onPress={() => void settle(held.id, 'drop')}
                  >
                    {t`Drop`}
                  </Button>
                </li>
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
          <div className="transfer__actions">
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
      <div className="transfer__actions">
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
      {detail ? <History events={detail.events} when={when} /> : null}
    </div>
  );
}

function AddWords({ name }: { name: string }) {
  return <Trans>Add {name}</Trans>;
}

function History({ events, when }: { events: TransferDetail['events']; when: (at: string) => string }) {
  const { t } = useLingui();
  return (
    <section className="transfer__history" aria-labelledby="transfer-history">
      <h2 className="section-title" id="transfer-history">
        {t`History`}
      </h2>
      {events.length === 0 ? (
        <p>{t`Nothing has happened to this transfer yet.`}</p>
      ) : (
        <ol>
          {events.map((event) => {
            const at = when(event.occurredAt);
            const from = transferStatusWords(event.fromStatus);
            const to = transferStatusWords(event.toStatus);
            const who = event.who ?? '';
            return (
              <li key={event.id}>
                {from === '' ? t`${at}: ${to}` : t`${at}: ${from} → ${to}`}
                {who === '' ? null : <span className="transfer__who"> — {who}</span>}
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
