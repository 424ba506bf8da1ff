// [VAL-T50] [VAL-T51] What the Customers page's 'Balances' panel shows for each of a customer's three accounts,
// from either source: the server's answer (`customer_value`, now) or, when it cannot be asked, this device's
// view (the mirror's pulled balance plus this device's entries no pull has reflected yet, [VAL-20]).
import type { CustomerAccounts, ValueAccountView } from '../../data/local/value-reads';
import type { ServerCustomerAccount, ServerCustomerBalances } from '../../data/remote/customer-balances';
import type { AccountStatus } from '../../domain/value/kinds';

export interface AccountFigures {
  id: string;
  /** Opened (on the server, or known to this device); a never-opened account reads 0. */
  exists: boolean;
  status: AccountStatus;
  /** What the shop owes the customer, minor units or points: negative when the customer owes. */
  balance: number;
  creditLimit: number | null;
  /** balance + credit limit, never below 0; nothing while blocked or void ([VAL-1]). */
  available: number;
}

export interface BalanceFigures {
  /** `server`: as the server holds them now; `device`: as this device last saw them. */
  source: 'server' | 'device';
  storeCredit: AccountFigures;
  loyalty: AccountFigures;
  onAccount: AccountFigures;
}

function fromServer(account: ServerCustomerAccount): AccountFigures {
  return { ...account };
}

export function serverFigures(answer: ServerCustomerBalances): BalanceFigures {
  return {
    source: 'server',
    storeCredit: fromServer(answer.storeCredit),
    loyalty: fromServer(answer.loyalty),
    onAccount: fromServer(answer.onAccount),
  };
}

/** [VAL-T51] An account as this device knows it: pulled balance + unreflected entries. */
function fromDevice(view: ValueAccountView): AccountFigures {
  const balance = (view.pulled ?? 0) + view.unreflected.reduce((total, delta) => total + delta, 0);
  return {
    id: view.id,
    exists: view.pulled !== null || view.unreflected.length > 0,
    status: view.status,
    balance,
    creditLimit: view.creditLimit,
    available: view.status === 'active' ? Math.max(balance + (view.creditLimit ?? 0), 0) : 0,
  };
}

export function deviceFigures(accounts: CustomerAccounts): BalanceFigures {
  return {
    source: 'device',
    storeCredit: fromDevice(accounts.store_credit),
    loyalty: fromDevice(accounts.loyalty),
    onAccount: fromDevice(accounts.on_account),
  };
}

/** This device knows nothing of the customer's accounts: a figure of 0 would read as a fact. */
export function knowsNothing(figures: BalanceFigures): boolean {
  return !figures.storeCredit.exists && !figures.loyalty.exists && !figures.onAccount.exists;
}
