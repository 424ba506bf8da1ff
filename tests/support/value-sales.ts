// Sales and refunds carrying customer value as a till sends them (supabase/SPEC.md [VAL-11]…[VAL-17]), and
// what the server then holds: balances, entries and flags, read with the service client so a test sees the
// server's rows as they are, not as some role may read them.
import { createHash } from 'node:crypto';
import { v7 as uuidv7 } from 'uuid';
import { op, saleArgs, type LineSpec, type Op, type SaleLineArgs } from './ops';
import { must, type Shop, type Terminal } from './shop';
import { serviceClient } from './supabase';

const CODE_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';

/** A fresh 16-symbol gift-card code, `XXXX-XXXX-XXXX-XXXX` (uniqueness, not the check symbol, matters here). */
export function newCode(): string {
  const symbols = Array.from({ length: 16 }, () => CODE_ALPHABET[Math.floor(Math.random() * 32)]).join('');
  return symbols.replace(/(.{4})(?=.)/g, '$1-');
}

export interface GiftCardLine extends SaleLineArgs {
  gift_card: { account_id: string; code?: string };
}

/** A line selling a new card (with `code`) or topping up a known one (without). */
export function giftCardLine(amount: number, card: { account_id: string; code?: string }): GiftCardLine {
  return {
    id: uuidv7(),
    product_id: null as unknown as string,
    name: 'Gift card',
    quantity: 1,
    unit_price: amount,
    discount: 0,
    tax_rate_bp: 0,
    tax: 0,
    total: amount,
    gift_card: card,
  };
}

export type Tender = Record<string, unknown> & { method: string; amount: number };

export type ValueSaleArgs = ReturnType<typeof saleArgs> & { payments: Tender[] };

/**
 * A sale of `products` and `cards`, paid by `tenders` first and the rest by card. Extra fields (customer_id,
 * loyalty …) go in `fields`.
 */
export function valueSale(
  terminal: Terminal,
  spec: {
    products?: LineSpec[];
    cards?: GiftCardLine[];
    tenders?: Tender[];
    customerId?: string;
    fields?: Record<string, unknown>;
  },
): ValueSaleArgs {
  const base = saleArgs({
    terminal,
    lines: spec.products ?? [],
    ...(spec.customerId ? { customerId: spec.customerId } : {}),
  });
  const lines = [...base.lines, ...(spec.cards ?? [])];
  const total = lines.reduce((sum, line) => sum + line.total, 0);
  const tenders = (spec.tenders ?? []).map((tender) => ({ id: uuidv7(), ...tender }));
  const rest = total - tenders.reduce((sum, tender) => sum + tender.amount, 0);
  const payments =
    rest > 0 ? [...tenders, { id: uuidv7(), method: 'card', amount: rest, reference: 'TEST' }] : tenders;
  return { ...base, ...spec.fields, lines, total, payments };
}

/** A refund of whole lines of `sale`, paid back by `tenders` (the rest in cash). */
export function valueRefund(
  terminal: Terminal,
  sale: { id: string; lines: SaleLineArgs[] },
  lines: number[],
  spec: { tenders?: Tender[]; fields?: Record<string, unknown> } = {},
): Op {
  const picked = lines.map((index) => {
    const original = sale.lines[index];
    if (!original) throw new Error(`sale has no line ${index}`);
    return {
      id: uuidv7(),
      refund_of_line_id: original.id,
      quantity: original.quantity,
      total: original.total,
      tax: original.tax,
    };
  });
  const total = picked.reduce((sum, line) => sum + line.total, 0);
  const tenders = (spec.tenders ?? []).map((tender) => ({ id: uuidv7(), ...tender }));
  const rest = total - tenders.reduce((sum, tender) => sum + tender.amount, 0);
  return op('sale.refund', {
    id: uuidv7(),
    terminal_id: terminal.id,
    refund_of: sale.id,
    receipt_no: terminal.nextReceipt(),
    occurred_at: new Date().toISOString(),
    tax_total: picked.reduce((sum, line) => sum + line.tax, 0),
    total,
    lines: picked,
    payments: rest > 0 ? [...tenders, { id: uuidv7(), method: 'cash', amount: rest }] : tenders,
    ...spec.fields,
  });
}

export interface Entry {
  id: string;
  account_id: string;
  kind: string;
  delta: number;
  till_delta: number | null;
  balance_after: number;
  sale_id: string | null;
  staff_id: string | null;
  seq: number;
}

/** The server's balance of an account (0 when it has none). */
export async function balanceOf(accountId: string): Promise<number> {
  // numeric: a JSON number, or a string when it is too large for one.
  const row = must<{ balance: number | string } | null>(
    await serviceClient().from('value_balances').select('balance').eq('account_id', accountId).maybeSingle(),
    'value_balances',
  );
  return row ? Number(row.balance) : 0;
}

/** An account's entries in the server's order. */
export async function entriesOf(accountId: string): Promise<Entry[]> {
  const rows = must<(Omit<Entry, 'balance_after'> & { balance_after: number | string })[]>(
    await serviceClient()
      .from('value_entries')
      .select('id, account_id, kind, delta, till_delta, balance_after, sale_id, staff_id, seq')
      .eq('account_id', accountId)
      .order('seq'),
    'value_entries',
  );
  return rows.map((row) => ({ ...row, balance_after: Number(row.balance_after) }));
}

export interface Flag {
  kind: string;
  dedupe_key: string;
  sale_id: string | null;
  detail: Record<string, unknown>;
}

/** The flags of a shop whose kind is one of `kinds`. */
export async function flagsOf(companyId: string, kinds: readonly string[]): Promise<Flag[]> {
  return must<Flag[]>(
    await serviceClient()
      .from('flags')
      .select('kind, dedupe_key, sale_id, detail')
      .eq('company_id', companyId)
      .in('kind', kinds)
      .order('created_at'),
    'flags',
  );
}

/** A customer of the shop, written by its manager: its id. */
export async function addCustomer(shop: Shop, name: string): Promise<string> {
  return must<{ id: string }>(
    await shop.manager.client
      .from('customers')
      .insert({ id: uuidv7(), company_id: shop.companyId, name })
      .select('id')
      .single(),
    'customer',
  ).id;
}

/** The shop's loyalty scheme on, as its owner sets it ([VAL-4]): 1 point per €1, 100 points = €1.00. */
export async function loyaltyOn(shop: Shop): Promise<void> {
  must<unknown>(
    await shop.owner.client
      .from('value_settings')
      .update({ loyalty_enabled: true, loyalty_points_per_major: 1 })
      .eq('company_id', shop.companyId)
      .select('company_id'),
    'value_settings',
  );
}

/** `md5(customer ‖ ':' ‖ kind)` as a uuid: the derived id of a customer's account ([VAL-1]). */
export function customerAccountId(customerId: string, kind: string): string {
  const hex = createHash('md5').update(`${customerId}:${kind}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
