// [VAL-20], [VAL-32] What the till knows of a card or a customer's accounts: the pulled account and balance
// (mirror), plus this device's own entries no pull has reflected yet (ledger) — a card this till sold is known
// from its `issue` entry alone. The register turns a view into what may be spent with `availableOf`; online it
// asks the server first (`value_lookup`, `customer_value`) and keeps only the entries the answer cannot hold.
import { customerAccountId, type CustomerValueKind } from '../../domain/value/account-id';
import type { BalanceSource } from '../../domain/value/available';
import type { AccountStatus, ValueKind } from '../../domain/value/kinds';
import { valueSettingsOf, type ValueSettings, type ValueSettingsRow } from '../../domain/value/settings';
import type { LedgerDb } from './ledger-db';
import type { LedgerValueEntry } from './ledger-types';
import type { MirrorDb, MirrorValueAccount } from './mirror-db';

/** One account as this till knows it. */
export interface ValueAccountView {
  id: string;
  kind: ValueKind;
  status: AccountStatus;
  creditLimit: number | null;
  codeLast4: string | null;
  customerId: string | null;
  /** The pulled balance; null when no pull brought this account yet. */
  pulled: number | null;
  /** Deltas of this device's entries no pull has reflected yet ([ONHAND-2]'s rule). */
  unreflected: number[];
  /** Deltas of those whose op the server has not answered yet: what an online answer cannot hold. */
  unsent: number[];
  /** A gift card this till sold and no pull has brought yet: known from its own `issue` entry. */
  issuedHere: boolean;
}

/** The three accounts a customer may have, each as a view (a never-opened one: nothing pulled, no entries). */
export type CustomerAccounts = Record<CustomerValueKind, ValueAccountView>;

export const CUSTOMER_KINDS: readonly CustomerValueKind[] = ['store_credit', 'loyalty', 'on_account'];

/** A pulled account says everything itself. */
const PULLED = { kind: 'gift_card', customerId: null, codeLast4: null } as const;

/** This device's entries on `accountId` that still count on top of the mirror (not settled, not refused). */
export async function unreflectedEntries(ledger: LedgerDb, accountId: string): Promise<LedgerValueEntry[]> {
  return ledger.valueEntries
    .where('account_id')
    .equals(accountId)
    .filter((row) => row.settled === 0)
    .toArray();
}

async function viewOf(
  ledger: LedgerDb,
  mirror: MirrorDb,
  id: string,
  account: MirrorValueAccount | undefined,
  fallback: Pick<ValueAccountView, 'kind' | 'customerId' | 'codeLast4'>,
): Promise<ValueAccountView> {
  const [balance, entries] = await Promise.all([
    mirror.valueBalances.get(id),
    unreflectedEntries(ledger, id),
  ]);
  const queued = await ledger.outbox.bulkGet(entries.map((entry) => entry.op_id));
  const issue = entries.find((entry) => entry.kind === 'issue');
  return {
    id,
    kind: account?.kind ?? fallback.kind,
    status: account?.status ?? 'active',
    creditLimit: account?.credit_limit ?? null,
    codeLast4: account?.code_last4 ?? issue?.code_last4 ?? fallback.codeLast4,
    customerId: account?.customer_id ?? fallback.customerId,
    // An account pulled without a balance row yet holds nothing: the trigger writes the row with the entry.
    pulled: account ? (balance?.balance ?? 0) : null,
    unreflected: entries.map((entry) => entry.delta),
    unsent: entries.filter((_, at) => queued[at] !== undefined).map((entry) => entry.delta),
    issuedHere: account === undefined && issue !== undefined,
  };
}

/**
 * [VAL-T13] The gift card whose code hashes to `codeHash` (`valueCodeHash`): a pulled one (a live card before a
 * void one sharing the hash), else one this till sold and no pull has brought yet; null when unknown here.
 */
export async function giftCardByHash(
  ledger: LedgerDb,
  mirror: MirrorDb,
  companyId: string,
  codeHash: string,
): Promise<ValueAccountView | null> {
  const pulled = await mirror.valueAccounts
    .where('[company_id+code_hash]')
    .equals([companyId, codeHash])
    .toArray();
  const account = pulled.find((row) => row.status !== 'void') ?? pulled[0];
  if (account) return viewOf(ledger, mirror, account.id, account, PULLED);
  const issued = await ledger.valueEntries
    .filter((row) => row.kind === 'issue' && row.company_id === companyId && row.code_hash === codeHash)
    .first();
  if (!issued) return null;
  return viewOf(ledger, mirror, issued.account_id, undefined, {
    kind: 'gift_card',
    customerId: null,
    codeLast4: issued.code_last4 ?? null,
  });
}

/** A gift card by its id (a top-up of a card the till has already found), or null when unknown here. */
export async function giftCardById(
  ledger: LedgerDb,
  mirror: MirrorDb,
  accountId: string,
): Promise<ValueAccountView | null> {
  const account = await mirror.valueAccounts.get(accountId);
  if (account) return viewOf(ledger, mirror, account.id, account, PULLED);
  const issued = await ledger.valueEntries
    .where('account_id')
    .equals(accountId)
    .filter((row) => row.kind === 'issue')
    .first();
  return issued
    ? viewOf(ledger, mirror, accountId, undefined, {
        kind: 'gift_card',
        customerId: null,
        codeLast4: issued.code_last4 ?? null,
      })
    : null;
}

/** [VAL-1] A customer's store credit, points and account on credit, by their derived ids. */
export async function customerAccounts(
  ledger: LedgerDb,
  mirror: MirrorDb,
  customerId: string,
): Promise<CustomerAccounts> {
  const ids = await Promise.all(CUSTOMER_KINDS.map((kind) => customerAccountId(customerId, kind)));
  const accounts = await mirror.valueAccounts.bulkGet(ids);
  const views = await Promise.all(
    CUSTOMER_KINDS.map((kind, at) =>
      viewOf(ledger, mirror, ids[at] ?? '', accounts[at], { kind, customerId, codeLast4: null }),
    ),
  );
  return { store_credit: views[0], loyalty: views[1], on_account: views[2] } as CustomerAccounts;
}

/** [VAL-T12] The shop's value settings as pulled; the server's defaults when the row is not here yet. */
export async function valueSettingsFor(mirror: MirrorDb, companyId: string): Promise<ValueSettings> {
  return valueSettingsOf((await mirror.valueSettings.get(companyId)) as ValueSettingsRow | undefined);
}

/** [VAL-T4] Offline: what was pulled, this device's unreflected entries, and the shop's allowance. */
export function offlineSource(view: ValueAccountView, settings: ValueSettings): BalanceSource {
  return {
    mode: 'offline',
    pulled: view.pulled,
    unreflected: view.unreflected,
    issuedHere: view.issuedHere,
    allowance: settings.allowances[view.kind],
  };
}

/** [VAL-T5] Online: the server's balance, plus this device's entries it cannot hold yet (still in the outbox). */
export function onlineSource(view: ValueAccountView, answered: number): BalanceSource {
  return { mode: 'online', answered, unheld: view.unsent };
}
