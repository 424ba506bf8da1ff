// The customer-value reports ([VAL-33], migration 20261211400000_value_reports.sql): what the shop owes on
// gift cards, store credit and points, what customers owe on account and how old it is, what moved by day,
// and one account's statement. Managers and owners only: the server refuses anyone else in its own words.
import { t } from '@lingui/core/macro';
import { z } from 'zod';
import { err, ok, type Result } from '../../domain/result';
import { decode } from './decode';
import { describeServerError, type ServerError } from './product-writes';
import type { Supabase } from './supabase-client';

export type ValueAccountKind = 'gift_card' | 'store_credit' | 'loyalty' | 'on_account';

const accountKind = z.enum(['gift_card', 'store_credit', 'loyalty', 'on_account']);

export interface LiabilityRow {
  kind: ValueAccountKind;
  /** Accounts holding a balance other than zero. */
  accounts: number;
  positiveTotal: number;
  negativeTotal: number;
  /** Minor units, or points for loyalty. */
  balanceTotal: number;
  /** Minor units: points valued at the shop's rate. */
  moneyTotal: number;
}

export interface Ageing {
  current: number;
  days31to60: number;
  days61to90: number;
  over90: number;
}

export interface ReceivableRow extends Ageing {
  customerId: string;
  accountId: string;
  name: string;
  /** Minor units the customer owes (negative: credit they hold on the account). */
  owed: number;
  creditLimit: number;
}

export interface ActivityRow {
  day: string;
  accountKind: ValueAccountKind;
  issued: number;
  loaded: number;
  redeemed: number;
  charged: number;
  refunded: number;
  unissued: number;
  earned: number;
  unearned: number;
  paid: number;
  /** Signed: adjustments, voids and expiries. */
  adjusted: number;
}

export interface StatementEntry {
  id: string;
  occurredAt: string;
  kind: string;
  delta: number;
  balanceAfter: number;
  receiptNo: string | null;
  reason: string | null;
  /** [VAL-A1] Who made it: the staff member the server recorded, by name (null when it knows none). */
  by?: string | null;
  /** [VAL-A1] When the server recorded it. */
  recordedAt?: string | null;
}

export type ValueAccountStatus = 'active' | 'blocked' | 'void';

/** [VAL-A2] A block or unblock of the account: it writes no entry, so the statement lists it apart. */
export interface StatusChange {
  id: string;
  occurredAt: string;
  from: ValueAccountStatus | null;
  to: ValueAccountStatus | null;
  reason: string | null;
  by: string | null;
}

export interface Statement {
  account: {
    id: string;
    kind: ValueAccountKind;
    codeLast4: string | null;
    creditLimit: number | null;
    status?: ValueAccountStatus;
  };
  opening: number;
  closing: number;
  entries: StatementEntry[];
  ageing: Ageing | null;
  statusChanges?: StatusChange[];
}

const liabilitySchema = z.array(
  z.object({
    kind: accountKind,
    accounts: z.number(),
    positive_total: z.number(),
    negative_total: z.number(),
    balance_total: z.number(),
    money_total: z.number(),
  }),
);

const ageingShape = {
  days_31_60: z.number(),
  days_61_90: z.number(),
  over_90: z.number(),
};

const receivablesSchema = z.array(
  z.object({
    customer_id: z.string(),
    account_id: z.string(),
    name: z.string(),
    owed: z.number(),
    credit_limit: z.number().nullable(),
    current: z.number(),
    ...ageingShape,
  }),
);

const activitySchema = z.array(
  z.object({
    day: z.string(),
    account_kind: accountKind,
    issued: z.number(),
    loaded: z.number(),
    redeemed: z.number(),
    charged: z.number(),
    refunded: z.number(),
    unissued: z.number(),
    earned: z.number(),
    unearned: z.number(),
    paid: z.number(),
    adjusted: z.number(),
  }),
);

const accountStatus = z.enum(['active', 'blocked', 'void']);

const statementSchema = z.object({
  account: z.object({
    id: z.string(),
    kind: accountKind,
    status: accountStatus,
    code_last4: z.string().nullable(),
    credit_limit: z.number().nullable(),
  }),
  opening: z.number(),
  closing: z.number(),
  entries: z.array(
    z.object({
      id: z.string(),
      occurred_at: z.string(),
      kind: z.string(),
      delta: z.number(),
      balance_after: z.number(),
      receipt_no: z.string().nullable(),
      reason: z.string().nullable(),
      by: z.string().nullable().optional(),
      recorded_at: z.string().nullable().optional(),
    }),
  ),
  ageing: z.object({ current: z.number(), ...ageingShape }).nullable(),
  status_changes: z
    .array(
      z.object({
        id: z.string(),
        occurred_at: z.string(),
        from: accountStatus.nullable(),
        to: accountStatus.nullable(),
        reason: z.string().nullable(),
        by: z.string().nullable(),
      }),
    )
    .optional(),
});

function ageingOf(row: { current: number; days_31_60: number; days_61_90: number; over_90: number }): Ageing {
  return {
    current: row.current,
    days31to60: row.days_31_60,
    days61to90: row.days_61_90,
    over90: row.over_90,
  };
}

/** A read of a report: a thrown request is a lost connection, a refusal in the server's words. */
async function read<T>(
  request: () => PromiseLike<{ data: unknown; error: ServerError | null }>,
  decodeRows: (data: unknown) => T,
): Promise<Result<T>> {
  let answer: { data: unknown; error: ServerError | null };
  try {
    answer = await request();
  } catch {
    return err('offline', t`Needs a connection: these figures come from the server.`);
  }
  if (answer.error) {
    if (answer.error.code === '42501')
      return err('forbidden', t`Only managers and owners can see these figures.`);
    return err('refused', describeServerError(answer.error));
  }
  return ok(decodeRows(answer.data));
}

export interface GiftCardRow {
  id: string;
  codeLast4: string | null;
  status: 'active' | 'blocked' | 'void';
  /** Minor units; a card with no entries holds 0 ([VAL-7]). */
  balance: number;
  createdAt: string;
}

const giftCardsSchema = z.object({
  cards: z.array(
    z.object({
      id: z.string(),
      code_last4: z.string().nullable(),
      status: z.enum(['active', 'blocked', 'void']),
      created_at: z.string(),
    }),
  ),
  balances: z.array(z.object({ account_id: z.string(), balance: z.number() })),
});

export interface ValueReports {
  /** The shop's gift cards, newest first, with their balances (members read them, [VAL-30]). */
  giftCards: () => Promise<Result<GiftCardRow[]>>;
  liability: () => Promise<Result<LiabilityRow[]>>;
  receivables: () => Promise<Result<ReceivableRow[]>>;
  /** Local days of the shop, inclusive. */
  activity: (from: string, to: string) => Promise<Result<ActivityRow[]>>;
  statement: (accountId: string, from: string, to: string) => Promise<Result<Statement>>;
}

export function valueReportsOf(supabase: Supabase, companyId: string): ValueReports {
  return {
    giftCards: () =>
      read(
        async () => {
          const cards = await supabase
            .from('value_accounts')
            .select('id, code_last4, status, created_at')
            .eq('company_id', companyId)
            .eq('kind', 'gift_card')
            .order('created_at', { ascending: false });
          if (cards.error) return cards;
          const balances = await supabase
            .from('value_balances')
            .select('account_id, balance')
            .eq('company_id', companyId);
          if (balances.error) return balances;
          return { data: { cards: cards.data, balances: balances.data }, error: null };
        },
        (data) => {
          const { cards, balances } = decode(giftCardsSchema, data, 'gift cards');
          const held = new Map(balances.map((row) => [row.account_id, row.balance]));
          return cards.map((row) => ({
            id: row.id,
            codeLast4: row.code_last4,
            status: row.status,
            balance: held.get(row.id) ?? 0,
            createdAt: row.created_at,
          }));
        },
      ),
    liability: () =>
      read(
        () => supabase.rpc('value_liability', { p_company: companyId }),
        (data) =>
          decode(liabilitySchema, data, 'value_liability').map((row) => ({
            kind: row.kind,
            accounts: row.accounts,
            positiveTotal: row.positive_total,
            negativeTotal: row.negative_total,
            balanceTotal: row.balance_total,
            moneyTotal: row.money_total,
          })),
      ),
    receivables: () =>
      read(
        () => supabase.rpc('value_receivables', { p_company: companyId }),
        (data) =>
          decode(receivablesSchema, data, 'value_receivables').map((row) => ({
            customerId: row.customer_id,
            accountId: row.account_id,
            name: row.name,
            owed: row.owed,
            creditLimit: row.credit_limit ?? 0,
            ...ageingOf(row),
          })),
      ),
    activity: (from, to) =>
      read(
        () => supabase.rpc('value_activity', { p_company: companyId, p_from: from, p_to: to }),
        (data) =>
          decode(activitySchema, data, 'value_activity').map(({ account_kind, ...row }) => ({
            ...row,
            accountKind: account_kind,
          })),
      ),
    statement: (accountId, from, to) =>
      read(
        () =>
          supabase.rpc('value_statement', {
            p_company: companyId,
            p_account: accountId,
            p_from: from,
            p_to: to,
          }),
        (data) => {
          const s = decode(statementSchema, data, 'value_statement');
          return {
            account: {
              id: s.account.id,
              kind: s.account.kind,
              codeLast4: s.account.code_last4,
              creditLimit: s.account.credit_limit,
              status: s.account.status,
            },
            opening: s.opening,
            closing: s.closing,
            entries: s.entries.map((e) => ({
              id: e.id,
              occurredAt: e.occurred_at,
              kind: e.kind,
              delta: e.delta,
              balanceAfter: e.balance_after,
              receiptNo: e.receipt_no,
              reason: e.reason,
              by: e.by ?? null,
              recordedAt: e.recorded_at ?? null,
            })),
            ageing: s.ageing ? ageingOf(s.ageing) : null,
            statusChanges: (s.status_changes ?? []).map((c) => ({
              id: c.id,
              occurredAt: c.occurred_at,
              from: c.from,
              to: c.to,
              reason: c.reason,
              by: c.by,
            })),
          };
        },
      ),
  };
}
