// [VAL-T50]…[VAL-T54] A customer's 'Balances' on the Customers page: store credit, points (and what they are
// worth at the shop's rate) and the account on credit (owed, limit, available), as the server holds them now.
// Offline, or when the server cannot be reached, what this device last saw, said so; never a blank. Managers
// and owners open each account's statement (the customer-value screen's own panel) and open the account on
// credit or change its limit; a cashier sees the figures only.
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { customerAccounts, valueSettingsFor } from '../../data/local/value-reads';
import { formatMoney } from '../../lib/format-money';
import { numberFormat, screenLocale } from '../../lib/i18n/intl';
import { pointsValue } from '../../domain/value/loyalty';
import type { ValueSettings } from '../../domain/value/settings';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { readyValue, useLiveQuery } from '../../ui/use-live-query';
import { useOnline } from '../../ui/use-online';
import {
  deviceFigures,
  knowsNothing,
  serverFigures,
  type AccountFigures,
  type BalanceFigures,
} from './balance-figures';
import { CreditLimitForm } from './credit-limit-form';
import type { CustomerRow } from './customer-rows';
import type { CustomerBalancesDeps, CustomersDeps } from './customers-deps';

type Statement = { id: string; title: string } | null;

export function CustomerBalances({ deps, customer }: { deps: CustomersDeps; customer: CustomerRow }) {
  const { t } = useLingui();
  const online = useOnline();
  const remote = deps.balances?.remote ?? null;
  const asked = remote !== null && online;
  const server = useQuery({
    queryKey: ['customer-balances', deps.companyId, customer.id],
    queryFn: () => (remote ? remote.read(customer.id) : Promise.reject(new Error('no server'))),
    enabled: asked,
    retry: false,
  });
  const { ledger } = deps.commandDeps;
  const readDevice = useCallback(
    async () => ({
      accounts: await customerAccounts(ledger, deps.mirror, customer.id),
      settings: await valueSettingsFor(deps.mirror, deps.companyId),
    }),
    [ledger, deps.mirror, deps.companyId, customer.id],
  );
  const device = readyValue(useLiveQuery(readDevice));
  const [statement, setStatement] = useState<Statement>(null);
  const statementAt = useRef<HTMLDivElement>(null);
  // The statement opens below the balances: bring it into view, or on a phone it opens out of sight.
  useEffect(() => {
    const element = statementAt.current;
    if (statement && element && 'scrollIntoView' in element) element.scrollIntoView({ block: 'start' });
  }, [statement]);

  const answer = asked ? server.data : undefined;
  let body;
  if (asked && (server.isPending || (answer === undefined && !server.isError))) {
    body = (
      <p aria-busy="true">
        <Trans>Loading balances…</Trans>
      </p>
    );
  } else if (answer?.ok) {
    body = device ? (
      <Figures
        deps={deps}
        customer={customer}
        figures={serverFigures(answer.value)}
        settings={device.settings}
        onStatement={setStatement}
      />
    ) : null;
  } else if (answer && answer.error.code !== 'offline') {
    body = <Alert>{answer.error.message}</Alert>;
  } else if (!device) {
    body = null;
  } else {
    const figures = deviceFigures(device.accounts);
    body = knowsNothing(figures) ? (
      <p className="customer-balances__note">
        <Trans>Balances need a connection: they show when this device can reach the server.</Trans>
      </p>
    ) : (
      <>
        <p className="customer-balances__note">
          <Trans>
            The server cannot be reached: these are the balances as this device last saw them, and may be out
            of date.
          </Trans>
        </p>
        <Figures
          deps={deps}
          customer={customer}
          figures={figures}
          settings={device.settings}
          onStatement={null}
        />
      </>
    );
  }
  const manage = deps.balances?.manage ?? null;
  return (
    <>
      <section className="card customer-balances" aria-label={t`Balances`}>
        <h2 className="card__title">
          <Trans>Balances</Trans>
        </h2>
        {body}
      </section>
      <div ref={statementAt} className="customer-balances__statement">
        {statement && manage
          ? manage.statement({
              accountId: statement.id,
              title: statement.title,
              onClose: () => {
                setStatement(null);
              },
            })
          : null}
      </div>
    </>
  );
}

function Figures({
  deps,
  customer,
  figures,
  settings,
  onStatement,
}: {
  deps: CustomersDeps;
  customer: CustomerRow;
  figures: BalanceFigures;
  settings: ValueSettings;
  /** Null: no statements (a cashier, or figures this device holds). */
  onStatement: ((statement: Statement) => void) | null;
}) {
  const { t } = useLingui();
  const money = (minor: number) => formatMoney(minor, deps.currency);
  const points = numberFormat(screenLocale()).format(figures.loyalty.balance);
  const name = customer.name;
  const manage = figures.source === 'server' ? (deps.balances?.manage ?? null) : null;
  const statementButton = (account: AccountFigures, title: string, label: string) =>
    manage && onStatement && account.exists ? (
      <Button
        variant="secondary"
        aria-label={label}
        onPress={() => {
          onStatement({ id: account.id, title });
        }}
      >
        <Trans>Statement</Trans>
      </Button>
    ) : null;
  const { storeCredit, loyalty } = figures;
  const worth = money(pointsValue(Math.max(loyalty.balance, 0), settings.loyalty));
  return (
    <div className="customer-balances__accounts">
      <section className="customer-balances__account" aria-label={t`Store credit`}>
        <h3>
          <Trans>Store credit</Trans>
        </h3>
        <p className="customer-balances__figure" data-testid="balance-store-credit">
          {money(storeCredit.balance)}
        </p>
        <StatusNote account={storeCredit} />
        <div className="customer-balances__actions">
          {statementButton(storeCredit, t`${name}: store credit`, t`Statement of the store credit`)}
        </div>
      </section>
      <section className="customer-balances__account" aria-label={t`Loyalty points`}>
        <h3>
          <Trans>Loyalty points</Trans>
        </h3>
        <p className="customer-balances__figure" data-testid="balance-points">
          <Trans>{points} pts</Trans>
        </p>
        {settings.loyalty.enabled ? (
          <p data-testid="balance-points-worth">
            <Trans>Worth {worth}</Trans>
          </p>
        ) : (
          <p>
            <Trans>Loyalty is off in this shop.</Trans>
          </p>
        )}
        <StatusNote account={loyalty} />
        <div className="customer-balances__actions">
          {statementButton(loyalty, t`${name}: points`, t`Statement of the points`)}
        </div>
      </section>
      <OnAccount
        deps={deps}
        customer={customer}
        account={figures.onAccount}
        manage={manage === null ? null : deps.balances}
        statement={statementButton(figures.onAccount, t`${name}: on account`, t`Statement of the account`)}
      />
    </div>
  );
}

function StatusNote({ account }: { account: AccountFigures }) {
  if (account.status === 'blocked')
    return (
      <p className="customer-balances__status">
        <Trans>Blocked: nothing can be spent from it.</Trans>
      </p>
    );
  if (account.status === 'void')
    return (
      <p className="customer-balances__status">
        <Trans>Closed.</Trans>
      </p>
    );
  return null;
}

function OnAccount({
  deps,
  customer,
  account,
  manage,
  statement,
}: {
  deps: CustomersDeps;
  customer: CustomerRow;
  account: AccountFigures;
  manage: CustomerBalancesDeps | null;
  statement: ReactNode;
}) {
  const { t } = useLingui();
  const client = useQueryClient();
  const [editing, setEditing] = useState(false);
  const [saved, setSaved] = useState<string | null>(null);
  const money = (minor: number) => formatMoney(minor, deps.currency);
  const owed = money(Math.max(-account.balance, 0));
  const limit = money(account.creditLimit ?? 0);
  const available = money(account.available);
  const held = money(Math.max(account.balance, 0));
  const form = manage ? (
    <CreditLimitForm
      current={account.exists ? account.creditLimit : null}
      currency={deps.currency}
      save={(creditLimit) => manage.remote.saveCreditLimit(customer.id, creditLimit)}
      onCancel={() => {
        setEditing(false);
      }}
      onDone={(creditLimit) => {
        const newLimit = money(creditLimit);
        setSaved(
          account.exists
            ? t`Credit limit changed to ${newLimit}.`
            : t`Account on credit opened with a limit of ${newLimit}.`,
        );
        setEditing(false);
        void client.invalidateQueries({ queryKey: ['customer-balances', deps.companyId, customer.id] });
      }}
    />
  ) : null;
  return (
    <section className="customer-balances__account" aria-label={t`Account on credit`}>
      <h3>
        <Trans>Account on credit</Trans>
      </h3>
      {account.exists ? (
        <dl className="customer-balances__credit">
          <div>
            <dt>{account.balance > 0 ? <Trans>In credit</Trans> : <Trans>Owed</Trans>}</dt>
            <dd data-testid="balance-owed">{account.balance > 0 ? held : owed}</dd>
          </div>
          <div>
            <dt>
              <Trans>Credit limit</Trans>
            </dt>
            <dd data-testid="balance-credit-limit">{limit}</dd>
          </div>
          <div>
            <dt>
              <Trans>Available</Trans>
            </dt>
            <dd data-testid="balance-available">{available}</dd>
          </div>
        </dl>
      ) : (
        <p>
          <Trans>No account on credit.</Trans>
        </p>
      )}
      <StatusNote account={account} />
      {saved ? (
        <p role="status" className="customer-balances__saved">
          {saved}
        </p>
      ) : null}
      {editing ? (
        form
      ) : (
        <div className="customer-balances__actions">
          {statement}
          {manage ? (
            <Button
              variant="secondary"
              onPress={() => {
                setSaved(null);
                setEditing(true);
              }}
            >
              {account.exists ? <Trans>Change credit limit</Trans> : <Trans>Open an account on credit</Trans>}
            </Button>
          ) : null}
        </div>
      )}
    </section>
  );
}
