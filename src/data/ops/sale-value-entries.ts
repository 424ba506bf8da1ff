// [VAL-11], [VAL-12], [VAL-32] The value entries a sale writes in its own ledger transaction: an `issue` (a new
// card, with its code's hash and last four so this till finds it at once) or `load` per gift-card line, and a
// `redeem` or `charge` per value tender — the ids the server gives its own entries ([VAL-8]: the line's, the
// payment's), so the two ledgers name one entry. Hashes and derived ids are worked out before the transaction
// (Web Crypto and WebAssembly would end an IndexedDB transaction that awaited them).
import { customerAccountId, type CustomerValueKind } from '../../domain/value/account-id';
import { codeLast4, normaliseValueCode, valueCodeHash } from '../../domain/value/code';
import { accountKindOf, isValueMethod, spendEntryKind } from '../../domain/value/tenders';
import type { SaleRecordArgs } from '../../domain/sale-record-schema';
import type { LedgerSale, LedgerValueEntry } from '../local/ledger-types';
import { pendingValueEntry } from './value-entry-row';

/** What a sale's entries need that only an await can give: the customer's account ids, the new codes' hashes. */
export interface SaleValueKeys {
  customerAccounts: Partial<Record<CustomerValueKind, string>>;
  /** Normalised code → `code_hash`. */
  codeHashes: Readonly<Record<string, string>>;
  /**
   * [VAL-35] Each account's balance before the sale as the till read it at 'Complete sale' (money; points for
   * loyalty; an account on credit's balance, negative = owed), by account id: the receipt's 'left'.
   */
  balances?: Readonly<Record<string, number>>;
  /** [VAL-35] A gift card's last four by account id, as the cart and its tenders know them. */
  cardLast4?: Readonly<Record<string, string>>;
  /** [VAL-14] The id of the points discount's `redeem` entry: md5(sale id ‖ ':loyalty_discount'), as the server's. */
  pointsDiscountEntryId?: string;
}

export const NO_VALUE_KEYS: SaleValueKeys = { customerAccounts: {}, codeHashes: {} };

/** Works out the keys for a sale of `customerId` selling cards with `codes` (as typed, drawn or scanned). */
export async function saleValueKeys(
  companyId: string,
  customerId: string | null,
  codes: readonly string[],
): Promise<SaleValueKeys> {
  const kinds: CustomerValueKind[] = ['store_credit', 'loyalty', 'on_account'];
  const ids = customerId ? await Promise.all(kinds.map((kind) => customerAccountId(customerId, kind))) : [];
  const normalised = codes.flatMap((code) => {
    const read = normaliseValueCode(code);
    return read.ok ? [read.value] : [];
  });
  const hashes = await Promise.all(normalised.map((code) => valueCodeHash(companyId, code)));
  return {
    customerAccounts: Object.fromEntries(
      ids.map((id, at) => [kinds[at], id]),
    ) as SaleValueKeys['customerAccounts'],
    codeHashes: Object.fromEntries(normalised.map((code, at) => [code, hashes[at] ?? ''])),
  };
}

/** [VAL-32] The sale's entries, pending under its op until the server answers and a pull reflects them. */
export function saleValueEntries(
  args: SaleRecordArgs,
  sale: LedgerSale,
  keys: SaleValueKeys,
): LedgerValueEntry[] {
  const base = {
    company_id: sale.company_id,
    terminal_id: sale.terminal_id,
    shift_id: sale.shift_id,
    occurred_at: sale.occurred_at,
    sale_id: sale.id,
  };
  const lines = args.lines.flatMap((line) => {
    const card = line.gift_card;
    if (!card) return [];
    const read = card.code === undefined ? null : normaliseValueCode(card.code);
    const code = read?.ok ? read.value : null;
    return [
      pendingValueEntry(
        {
          ...base,
          id: line.id,
          account_id: card.account_id,
          kind: card.code === undefined ? 'load' : 'issue',
          delta: line.total,
          tender_method: null,
          ...(code === null ? {} : { code_hash: keys.codeHashes[code] ?? null, code_last4: codeLast4(code) }),
        },
        sale.op_id,
      ),
    ];
  });
  const tenders = (args.payments ?? []).flatMap((payment) => {
    const method = payment.method;
    if (!isValueMethod(method)) return [];
    const kind = accountKindOf(method);
    const account = kind === 'gift_card' ? payment.account_id : keys.customerAccounts[kind];
    if (account === undefined) return [];
    return [
      pendingValueEntry(
        {
          ...base,
          id: payment.id,
          account_id: account,
          kind: spendEntryKind(method),
          delta: -(method === 'loyalty' ? (payment.points ?? 0) : payment.amount),
          tender_method: method,
        },
        sale.op_id,
      ),
    ];
  });
  const discount = args.loyalty_discount;
  const loyalty = keys.customerAccounts.loyalty;
  const points =
    discount && loyalty !== undefined && keys.pointsDiscountEntryId !== undefined
      ? [
          pendingValueEntry(
            {
              ...base,
              id: keys.pointsDiscountEntryId,
              account_id: loyalty,
              kind: 'redeem',
              delta: -discount.points,
              tender_method: null,
            },
            sale.op_id,
          ),
        ]
      : [];
  return [...lines, ...tenders, ...points];
}
