// A sale's own page (/dashboard/sales/$saleId): the sale from this device's ledger when it was made here —
// so a deep link opens offline — and otherwise, for managers and owners online, from the server.
import { Trans, useLingui } from '@lingui/react/macro';
import { useCallback } from 'react';
import { useQuery } from '@tanstack/react-query';
import { saleQuery } from '../../data/remote/sales';
import { deviceSale } from '../../data/local/back-office-reads';
import { Alert } from '../../ui/alert';
import { useLiveQuery } from '../../ui/use-live-query';
import { BackToSales, SaleDetail } from './sale-detail';
import { fromLedger, fromServer } from './sale-rows';
import type { SalesDeps } from './sales-deps';
import { useSaleNames } from './use-sale-names';
// Opened straight from a link (a flag, a card issue), the page has not loaded the list's styles.
import './sales.css';

export function SalePage({ deps, saleId, onBack }: { deps: SalesDeps; saleId: string; onBack: () => void }) {
  const readLocal = useCallback(
    () => deviceSale(deps.ledger, deps.companyId, saleId),
    [deps.ledger, deps.companyId, saleId],
  );
  const local = useLiveQuery(readLocal);
  const notHere = local.kind === 'ready' && local.value === null;
  const server = useQuery({
    ...saleQuery(deps.companyId, deps.readSale, saleId),
    enabled: notHere,
  });
  const { terminalName, cashierName } = useSaleNames(deps);
  const { t } = useLingui();

  const row =
    local.kind === 'ready' && local.value
      ? fromLedger(local.value)
      : server.data
        ? fromServer(server.data)
        : null;
  if (row) {
    return (
      <SaleDetail
        deps={deps}
        row={row}
        terminalName={terminalName(row.terminal_id)}
        cashierName={cashierName(row.cashier_id)}
        onBack={onBack}
      />
    );
  }
  const asking = local.kind === 'loading' || (notHere && deps.readSale !== null && server.isPending);
  return (
    <div className="sales">
      <div className="button-row sales__actions">
        <BackToSales onBack={onBack} />
      </div>
      {asking ? (
        <p aria-busy="true">
          <Trans>Loading the sale…</Trans>
        </p>
      ) : (
        <Alert title={t`This sale could not be shown`}>
          {server.isError
            ? t`It is not on this device, and the server could not be reached.`
            : deps.readSale === null
              ? t`It is not on this device.`
              : t`There is no such sale in this shop.`}
        </Alert>
      )}
    </div>
  );
}
