// What the server holds, read over the local stack's REST API with the service role (no RLS), so browser
// tests can check that offline sales arrived exactly once and that stock moved by exactly what was sold.
import type { APIRequestContext } from '@playwright/test';
import { SERVICE_ROLE_KEY } from '../../../supabase/local/config';

const STACK = 'http://127.0.0.1:54321';
const HEADERS = { apikey: SERVICE_ROLE_KEY, Authorization: `Bearer ${SERVICE_ROLE_KEY}` };

export const DEMO_COMPANY = 'd1000000-0000-4000-8000-000000000001';
export const DEMO_STORE = 'd2000000-0000-4000-8000-000000000001';

export interface ServerSale {
  id: string;
  receipt_no: string;
  total: number;
  terminal_id: string;
}

export interface ServerCashier {
  receipt_no: string;
  kind: string;
  cashier_id: string | null;
  cashier_verified: boolean | null;
  approved_by: string | null;
  approval_action: string | null;
  approval_verified: boolean | null;
}

export interface ServerCardPayment {
  status: string;
  amount: number;
  payment_intent_id: string | null;
  payment_id: string | null;
}

export interface ServerShift {
  id: string;
  cashier_id: string | null;
  opening_float: number;
  counted_cash: number | null;
  closed_at: string | null;
}

export interface ServerSaleLine {
  product_id: string | null;
  name: string;
  quantity: number;
  unit_price: number;
  unit_cost: number | null;
  total: number;
}

export interface ServerSalePromotion {
  promotion_id: string;
  till_amount: number;
  server_amount: number;
  coupon_code: string | null;
  removed: boolean;
}

export class ServerData {
  constructor(private readonly request: APIRequestContext) {}

  private async rows<T>(path: string): Promise<T[]> {
    const response = await this.request.get(`${STACK}/rest/v1/${path}`, { headers: HEADERS });
    if (!response.ok()) throw new Error(`GET ${path}: ${String(response.status())} ${await response.text()}`);
    return (await response.json()) as T[];
  }

  /** The terminal a test registered, found by its (unique) name. */
  async terminalNamed(name: string): Promise<{ id: string; code: string }> {
    const rows = await this.rows<{ id: string; code: string }>(
      `terminals?select=id,code&company_id=eq.${DEMO_COMPANY}&name=eq.${encodeURIComponent(name)}`,
    );
    const [row, ...more] = rows;
    if (!row || more.length > 0)
      throw new Error(`expected one terminal named ${name}, got ${String(rows.length)}`);
    return row;
  }

  // bigint and numeric columns may arrive as strings; tests compare numbers.
  async salesOfTerminal(terminalId: string): Promise<ServerSale[]> {
    const rows = await this.rows<Omit<ServerSale, 'total'> & { total: number | string }>(
      `sales?select=id,receipt_no,total,terminal_id&terminal_id=eq.${terminalId}&order=receipt_no`,
    );
    return rows.map((row) => ({ ...row, total: Number(row.total) }));
  }

  /** Who sold each sale and refund of a till and whether the server could verify it (issue 18). */
  async cashiersOfTerminal(terminalId: string): Promise<ServerCashier[]> {
    return this.rows<ServerCashier>(
      `sales?select=receipt_no,kind,cashier_id,cashier_verified,approved_by,approval_action,approval_verified` +
        `&terminal_id=eq.${terminalId}&order=receipt_no`,
    );
  }

  /** A till's shifts in the order they opened, with their cashier and count (issue 18's handover). */
  async shiftsOfTerminal(terminalId: string): Promise<ServerShift[]> {
    type Row = Omit<ServerShift, 'opening_float' | 'counted_cash'> & {
      opening_float: number | string;
      counted_cash: number | string | null;
    };
    const rows = await this.rows<Row>(
      `shifts?select=id,cashier_id,opening_float,counted_cash,closed_at&terminal_id=eq.${terminalId}&order=opened_at`,
    );
    return rows.map((row) => ({
      ...row,
      opening_float: Number(row.opening_float),
      counted_cash: row.counted_cash === null ? null : Number(row.counted_cash),
    }));
  }

  /** Which shift each sale of a till went on. */
  async shiftOfSales(terminalId: string): Promise<{ receipt_no: string; shift_id: string | null }[]> {
    return this.rows(`sales?select=receipt_no,shift_id&terminal_id=eq.${terminalId}&order=receipt_no`);
  }

  async setCompany(settings: Record<string, unknown>, companyId = DEMO_COMPANY): Promise<void> {
    const response = await this.request.patch(`${STACK}/rest/v1/companies?id=eq.${companyId}`, {
      headers: HEADERS,
      data: settings,
    });
    if (!response.ok())
      throw new Error(`PATCH companies: ${String(response.status())} ${await response.text()}`);
  }

  /** [LANG-3] A staff member's language on a shared till (null = the till's own). */
  async setStaffLanguage(staffId: string, language: string | null, companyId = DEMO_COMPANY): Promise<void> {
    const response = await this.request.patch(
      `${STACK}/rest/v1/staff?company_id=eq.${companyId}&id=eq.${staffId}`,
      { headers: HEADERS, data: { language } },
    );
    if (!response.ok()) throw new Error(`PATCH staff: ${String(response.status())} ${await response.text()}`);
  }

  /** The demo shop's latest sales (not refunds), newest first. */
  async latestSales(limit: number, companyId = DEMO_COMPANY): Promise<{ id: string; receipt_no: string }[]> {
    return this.rows(
      `sales?select=id,receipt_no&company_id=eq.${companyId}&kind=eq.sale&order=occurred_at.desc,id.desc&limit=${String(limit)}`,
    );
  }

  /**
   * Flags as the server's own checks write them (issue 33): only the service role may insert into `flags`
   * ([FLAG-2]), so a browser test can show managers flags before the checks that write them exist.
   */
  async addFlags(
    rows: { kind: string; sale_id: string | null; detail: Record<string, unknown>; dedupe_key: string }[],
    companyId = DEMO_COMPANY,
  ): Promise<void> {
    const response = await this.request.post(`${STACK}/rest/v1/flags`, {
      headers: HEADERS,
      data: rows.map((row) => ({ ...row, company_id: companyId })),
    });
    if (!response.ok()) throw new Error(`POST flags: ${String(response.status())} ${await response.text()}`);
  }

  async payments(saleId: string): Promise<{ method: string; amount: number }[]> {
    const rows = await this.rows<{ method: string; amount: number | string }>(
      `payments?select=method,amount&sale_id=eq.${saleId}&order=method`,
    );
    return rows.map((row) => ({ method: row.method, amount: Number(row.amount) }));
  }

  /** A sale's tenders with their ids and references, as apply_ops stored them. */
  async paymentRows(
    saleId: string,
  ): Promise<{ id: string; method: string; amount: number; reference: string | null }[]> {
    const rows = await this.rows<{
      id: string;
      method: string;
      amount: number | string;
      reference: string | null;
    }>(`payments?select=id,method,amount,reference&sale_id=eq.${saleId}&order=method`);
    return rows.map((row) => ({ ...row, amount: Number(row.amount) }));
  }

  /** The card payments on a reader made for a sale id (issue 20), and the tender each one is linked to. */
  async cardPayments(saleId: string): Promise<ServerCardPayment[]> {
    const rows = await this.rows<Omit<ServerCardPayment, 'amount'> & { amount: number | string }>(
      `card_payments?select=status,amount,payment_intent_id,payment_id&sale_id=eq.${saleId}`,
    );
    return rows.map((row) => ({ ...row, amount: Number(row.amount) }));
  }

  /** A sale's lines as apply_ops stored them, with the cost the server stamped ([SALE-10]). */
  async saleLines(saleId: string): Promise<ServerSaleLine[]> {
    const rows = await this.rows<Record<keyof ServerSaleLine, string | number | null>>(
      `sale_lines?select=product_id,name,quantity,unit_price,unit_cost,total&sale_id=eq.${saleId}&order=line_no`,
    );
    const numberOrNull = (value: string | number | null) => (value === null ? null : Number(value));
    return rows.map((row) => ({
      product_id: row.product_id === null ? null : String(row.product_id),
      name: String(row.name),
      quantity: Number(row.quantity),
      unit_price: Number(row.unit_price),
      unit_cost: numberOrNull(row.unit_cost),
      total: Number(row.total),
    }));
  }

  /** The options each modified line of a sale was sold with ([MOD-4]), in the order they were chosen. */
  async saleLineModifiers(saleId: string): Promise<{ option_name: string; price_delta: number }[]> {
    const rows = await this.rows<{ option_name: string; price_delta: number | string }>(
      `sale_line_modifiers?select=option_name,price_delta&sale_id=eq.${saleId}&order=position`,
    );
    return rows.map((row) => ({ option_name: row.option_name, price_delta: Number(row.price_delta) }));
  }

  /** Every flag the server wrote about a sale when it re-derived it (supabase/SPEC.md §17), as kinds. */
  async saleFlags(saleId: string): Promise<string[]> {
    const rows = await this.rows<{ kind: string }>(`flags?select=kind&sale_id=eq.${saleId}`);
    return rows.map((row) => row.kind);
  }

  /** The lines of a sale the server flagged because their scale label did not account for them ([SCALE-7]). */
  async scaleLabelFlags(saleId: string): Promise<unknown[]> {
    return this.rows(`flags?select=detail&kind=eq.scale_label&sale_id=eq.${saleId}`);
  }

  async onHand(productId: string, storeId = DEMO_STORE): Promise<number> {
    const rows = await this.rows<{ on_hand: number | string }>(
      `stock_levels?select=on_hand&product_id=eq.${productId}&store_id=eq.${storeId}`,
    );
    return rows.length === 0 ? 0 : Number(rows[0]?.on_hand);
  }

  /** A demo product by its (unique) name: its id and price, e.g. to seed a promotion on it. */
  async productNamed(name: string, companyId = DEMO_COMPANY): Promise<{ id: string; price: number }> {
    const rows = await this.rows<{ id: string; price: number | string }>(
      `products?select=id,price&company_id=eq.${companyId}&deleted_at=is.null&name=eq.${encodeURIComponent(name)}`,
    );
    const [row, ...more] = rows;
    if (!row || more.length > 0)
      throw new Error(`expected one product named ${name}, got ${String(rows.length)}`);
    return { id: row.id, price: Number(row.price) };
  }

  /**
   * Adds an active promotion to the shop as a manager would (issue 36): `rule` in the engine's snake_case
   * ([PROMO-14] checks it on insert). Answers its id; end it with `endPromotion` so other specs' carts never
   * get it.
   */
  async addPromotion(name: string, rule: Record<string, unknown>, companyId = DEMO_COMPANY): Promise<string> {
    const response = await this.request.post(`${STACK}/rest/v1/promotions?select=id`, {
      headers: { ...HEADERS, Prefer: 'return=representation' },
      data: { company_id: companyId, name, rule },
    });
    if (!response.ok())
      throw new Error(`POST promotions: ${String(response.status())} ${await response.text()}`);
    const [row] = (await response.json()) as { id: string }[];
    if (!row) throw new Error('POST promotions answered no row');
    return row.id;
  }

  /** Ends a promotion (status `ended`): tills leave it out from their next pull on. */
  async endPromotion(id: string): Promise<void> {
    const response = await this.request.patch(`${STACK}/rest/v1/promotions?id=eq.${id}`, {
      headers: HEADERS,
      data: { status: 'ended' },
    });
    if (!response.ok())
      throw new Error(`PATCH promotions: ${String(response.status())} ${await response.text()}`);
  }

  /** What apply_ops recorded of a sale's promotions ([PROMO-17], [PROMO-22]), by promotion id. */
  async salePromotions(saleId: string): Promise<ServerSalePromotion[]> {
    const rows = await this.rows<Record<keyof ServerSalePromotion, string | number | boolean | null>>(
      `sale_promotions?select=promotion_id,till_amount,server_amount,coupon_code,removed&sale_id=eq.${saleId}` +
        `&order=promotion_id`,
    );
    return rows.map((row) => ({
      promotion_id: String(row.promotion_id),
      till_amount: Number(row.till_amount),
      server_amount: Number(row.server_amount),
      coupon_code: row.coupon_code === null ? null : String(row.coupon_code),
      removed: row.removed === true,
    }));
  }

  /** How many sales the server counted on a coupon code of the shop ([PROMO-18]). */
  async couponUses(code: string, companyId = DEMO_COMPANY): Promise<number> {
    const rows = await this.rows<{ uses: number | string }>(
      `coupons?select=uses&company_id=eq.${companyId}&deleted_at=is.null&code=eq.${encodeURIComponent(code)}`,
    );
    const [row, ...more] = rows;
    if (!row || more.length > 0) throw new Error(`expected one coupon ${code}, got ${String(rows.length)}`);
    return Number(row.uses);
  }

  /** Every op a user's devices sent since `since` and the server's answer: 'applied' or 'rejected' (with why). */
  async opsOfUserSince(
    userId: string,
    since: string,
  ): Promise<{ name: string; status: string; error: unknown }[]> {
    return this.rows(
      `applied_ops?select=name,status,error&user_id=eq.${userId}` +
        `&applied_at=gte.${encodeURIComponent(since)}&order=applied_at`,
    );
  }

  /** Every product of the demo shop the mirror should hold (soft-deleted ones are not mirrored). */
  async productCount(companyId = DEMO_COMPANY): Promise<number> {
    return (await this.rows(`products?select=id&company_id=eq.${companyId}&deleted_at=is.null`)).length;
  }
}
