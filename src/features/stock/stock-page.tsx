// The stock screen (issue 8): the movement history for everyone, and for managers and owners receiving
// goods, adjusting with a reason and counting — all recorded on this device and queued through the outbox,
// so they work offline. Movements are made at one store: this till's, or one chosen from the mirror.
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useCallback, useState } from 'react';
import { Button } from '../../ui/button';
import { EmptyState } from '../../ui/layout';
import { SelectField } from '../../ui/select-field';
import { readyValue, useLiveQuery } from '../../ui/use-live-query';
import { AdjustForm } from './adjust-form';
import { CountForm } from './count-form';
import { MovementHistory } from './movement-history';
import { ReceiveForm } from './receive-form';
import { loadStockCatalog } from './stock-catalog';
import type { StockDeps } from './stock-deps';
import './stock.css';

type Tab = 'history' | 'receive' | 'adjust' | 'count';
const TABS: { tab: Tab; label: MessageDescriptor }[] = [
  { tab: 'history', label: msg`History` },
  { tab: 'receive', label: msg`Receive goods` },
  { tab: 'adjust', label: msg`Adjust` },
  { tab: 'count', label: msg`Count` },
];

export function StockPage({ deps }: { deps: StockDeps }) {
  const { t } = useLingui();
  const readCatalog = useCallback(() => loadStockCatalog(deps.mirror, deps.companyId), [deps]);
  const catalog = readyValue(useLiveQuery(readCatalog));
  const [tab, setTab] = useState<Tab>('history');
  const [chosenStore, setChosenStore] = useState<string | null>(null);
  if (!catalog)
    return (
      <p aria-busy="true">
        <Trans>Loading stock…</Trans>
      </p>
    );

  // [RLS] Only managers and owners move stock (supabase/SPEC.md §3.4): cashiers see the history only.
  const canMove = deps.role !== 'cashier';
  const storeId = chosenStore ?? deps.terminal?.store_id ?? catalog.stores[0]?.value ?? '';
  const forms = { deps, storeId, products: catalog.tracked };

  return (
    <div className="stock">
      {canMove ? (
        <div className="stock__bar">
          <div className="button-row" role="group" aria-label={t`Stock tasks`}>
            {TABS.map(({ tab: value, label }) => (
              <Button
                key={value}
                variant={tab === value ? 'primary' : 'secondary'}
                aria-pressed={tab === value}
                onPress={() => {
                  setTab(value);
                }}
              >
                {t(label)}
              </Button>
            ))}
          </div>
          {catalog.stores.length > 1 ? (
            <SelectField
              label={t`Store`}
              name="store"
              value={storeId}
              onChange={setChosenStore}
              options={catalog.stores}
            />
          ) : null}
        </div>
      ) : null}
      {tab !== 'history' && storeId === '' ? (
        <EmptyState title={t`No store on this device yet`}>
          <p>
            <Trans>Connect once so this device can sync the shop’s stores.</Trans>
          </p>
        </EmptyState>
      ) : null}
      {tab === 'history' || !canMove ? <MovementHistory deps={deps} catalog={catalog} /> : null}
      {canMove && storeId !== '' && tab === 'receive' ? (
        <ReceiveForm
          {...forms}
          costs={{
            currency: catalog.currency,
            method: catalog.costMethod,
            storeIds: catalog.stores.map((store) => store.value),
          }}
        />
      ) : null}
      {canMove && storeId !== '' && tab === 'adjust' ? <AdjustForm {...forms} /> : null}
      {canMove && storeId !== '' && tab === 'count' ? <CountForm {...forms} /> : null}
    </div>
  );
}
