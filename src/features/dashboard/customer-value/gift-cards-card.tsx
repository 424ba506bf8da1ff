// The shop's gift cards (issue 37): each by the last four symbols of its code — never the code, which the
// server does not keep ([VAL-26]) — its status and balance, found by those four, with its statement. Managers
// and owners void, adjust, block and unblock a card here ([VAL-T60], `value.adjust`); nobody else sees these.
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import type { GiftCardRow } from '../../../data/remote/value-reports';
import { formatMoney } from '../../../lib/format-money';
import { formatWhen } from '../../../lib/format-when';
import { Button } from '../../../ui/button';
import { DataTable, type Column } from '../../../ui/data-table';
import { Card } from '../../../ui/layout';
import type { CustomerValueDeps } from './customer-value-deps';
import { ReportBody } from './report-body';
import { useReport } from './use-report';
import { useValueAdjust } from './use-value-adjust';
import type { AdjustableAccount } from './value-adjust-dialog';
import { statusWords } from './value-words';

export function GiftCardsCard({
  deps,
  onStatement,
}: {
  deps: CustomerValueDeps;
  onStatement: (card: { id: string; title: string }) => void;
}) {
  const { t } = useLingui();
  const [search, setSearch] = useState('');
  const cards = useReport(deps.reports.giftCards, 'gift-cards');
  const adjusting = useValueAdjust(deps);
  const start = adjusting.start;
  const wanted = search.trim().toUpperCase();
  const columns: Column<GiftCardRow>[] = [
    {
      key: 'card',
      header: t`Card`,
      rowHeader: true,
      cell: (row) => `••••${row.codeLast4 ?? '????'}`,
    },
    { key: 'status', header: t`Status`, cell: (row) => t(statusWords[row.status]) },
    {
      key: 'balance',
      header: t`Balance`,
      align: 'end',
      cell: (row) => formatMoney(row.balance, deps.currency),
    },
    {
      key: 'sold',
      header: t`Sold`,
      minor: true,
      cell: (row) => formatWhen(row.createdAt, deps.timeZone, 'date'),
    },
    {
      key: 'statement',
      header: t`Statement`,
      label: t`Statement`,
      cell: (row) => {
        const last4 = row.codeLast4 ?? '????';
        return (
          <Button
            variant="secondary"
            aria-label={t`Statement of gift card ••••${last4}`}
            onPress={() => {
              onStatement({ id: row.id, title: t`Gift card ••••${last4}` });
            }}
          >
            <Trans>Statement</Trans>
          </Button>
        );
      },
    },
  ];
  if (start) {
    columns.push({
      key: 'actions',
      header: t`Actions`,
      label: t`Actions`,
      cell: (row) => {
        const last4 = row.codeLast4 ?? '????';
        if (row.status === 'void') return null;
        const account: AdjustableAccount = {
          id: row.id,
          kind: 'gift_card',
          title: t`Gift card ••••${last4}`,
          status: row.status,
          balance: row.balance,
        };
        const blocked = row.status === 'blocked';
        return (
          <span className="customer-value__row-actions">
            <Button
              variant="secondary"
              aria-label={t`Adjust gift card ••••${last4}`}
              onPress={() => {
                start(account, 'add');
              }}
            >
              <Trans>Adjust</Trans>
            </Button>
            <Button
              variant="secondary"
              aria-label={blocked ? t`Unblock gift card ••••${last4}` : t`Block gift card ••••${last4}`}
              onPress={() => {
                start(account, blocked ? 'unblock' : 'block');
              }}
            >
              {blocked ? <Trans>Unblock</Trans> : <Trans>Block</Trans>}
            </Button>
            <Button
              variant="danger"
              aria-label={t`Void gift card ••••${last4}`}
              onPress={() => {
                start(account, 'void');
              }}
            >
              <Trans context="an action: void a gift card or account">Void</Trans>
            </Button>
          </span>
        );
      },
    });
  }
  return (
    <Card title={t`Gift cards`} className="customer-value__card">
      {adjusting.notice}
      {adjusting.dialog}
      <label className="field customer-value__search">
        <span className="field__label">
          <Trans>Last four of the code</Trans>
        </span>
        <input
          className="field__input"
          value={search}
          maxLength={4}
          autoComplete="off"
          onChange={(event) => {
            setSearch(event.target.value);
          }}
        />
      </label>
      <ReportBody state={cards}>
        {(rows) => (
          <DataTable
            columns={columns}
            rows={rows.filter((row) => wanted === '' || (row.codeLast4 ?? '').endsWith(wanted))}
            rowKey={(row) => row.id}
            label={t`Gift cards`}
            empty={wanted === '' ? t`No gift card has been sold yet.` : t`No gift card ends with these four.`}
          />
        )}
      </ReportBody>
    </Card>
  );
}
