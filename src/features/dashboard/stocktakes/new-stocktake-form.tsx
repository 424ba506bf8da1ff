// 'New stocktake' ([PUR-31]): a store, and what to count — 'All products', 'A category' or 'A supplier' —
// with an optional note. Queued through the outbox; a missing choice is named in words before anything is
// queued, and the server's refusals (an open stocktake that overlaps) come back on the sync page.
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useState, type SyntheticEvent } from 'react';
import { openStocktake, type StocktakeScope } from '../../../data/ops/stocktake-open';
import { newId } from '../../../domain/ids';
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { SelectField } from '../../../ui/select-field';
import { TextField } from '../../../ui/text-field';
import { scopeWords } from './stocktake-words';
import { useShopList } from './use-shop-list';
import type { StocktakesDeps } from './stocktakes-deps';

export function NewStocktakeForm({
  deps,
  onQueued,
  onClose,
}: {
  deps: StocktakesDeps;
  onQueued: () => void;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const stores = useShopList(deps, 'stores');
  const categories = useShopList(deps, 'categories');
  const suppliers = useQuery({
    queryKey: ['stocktake-suppliers', deps.companyId],
    queryFn: async () => {
      const read = await deps.remote.suppliers();
      if (!read.ok) throw new Error(read.error.message);
      return read.value;
    },
  });
  const [storeId, setStoreId] = useState('');
  const [scope, setScope] = useState<StocktakeScope>('all');
  const [categoryId, setCategoryId] = useState('');
  const [supplierId, setSupplierId] = useState('');
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const storeList = stores.data ?? [];
  const chosenStore = storeId || (storeList.length === 1 ? (storeList[0]?.id ?? '') : '');

  const submit = async (event: SyntheticEvent) => {
    event.preventDefault();
    if (!chosenStore) {
      setProblem(t`Choose the store to count.`);
      return;
    }
    setProblem(null);
    setBusy(true);
    const queued = await openStocktake(deps.commandDeps, {
      id: newId(),
      companyId: deps.companyId,
      storeId: chosenStore,
      scope,
      categoryId: categoryId || null,
      supplierId: supplierId || null,
      note,
    });
    setBusy(false);
    if (!queued.ok) {
      setProblem(queued.error.message);
      return;
    }
    onQueued();
  };

  const none = { value: '', label: t`Choose…` };
  return (
    <form
      className="stocktakes__new card"
      aria-label={t`New stocktake`}
      noValidate
      onSubmit={(event) => {
        void submit(event);
      }}
    >
      <h2 className="card__title">
        <Trans>New stocktake</Trans>
      </h2>
      <SelectField
        label={t`Store`}
        name="store"
        value={chosenStore}
        onChange={setStoreId}
        options={[none, ...storeList.map((store) => ({ value: store.id, label: store.name }))]}
      />
      <fieldset className="stocktakes__scope">
        <legend className="field__label">
          <Trans>What to count</Trans>
        </legend>
        {(['all', 'category', 'supplier'] as const).map((choice) => (
          <label key={choice} className="stocktakes__choice">
            <input
              type="radio"
              name="scope"
              value={choice}
              checked={scope === choice}
              onChange={() => {
                setScope(choice);
              }}
            />
            {scopeWords(choice)}
          </label>
        ))}
      </fieldset>
      {scope === 'category' ? (
        <SelectField
          label={t`Category`}
          name="category"
          value={categoryId}
          onChange={setCategoryId}
          options={[none, ...(categories.data ?? []).map((row) => ({ value: row.id, label: row.name }))]}
        />
      ) : null}
      {scope === 'supplier' ? (
        <SelectField
          label={t`Supplier`}
          name="supplier"
          value={supplierId}
          onChange={setSupplierId}
          options={[none, ...(suppliers.data ?? []).map((row) => ({ value: row.id, label: row.name }))]}
        />
      ) : null}
      {scope === 'supplier' && suppliers.error ? <Alert>{suppliers.error.message}</Alert> : null}
      <TextField label={t`Note`} name="note" value={note} onChange={setNote} />
      {problem ? <Alert>{problem}</Alert> : null}
      <div className="stocktakes__actions">
        <Button type="submit" isDisabled={busy}>
          <Trans>Open stocktake</Trans>
        </Button>
        <Button variant="secondary" onPress={onClose}>
          <Trans>Close</Trans>
        </Button>
      </div>
    </form>
  );
}
