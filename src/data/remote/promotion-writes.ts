// Promotions and coupons for the back office (issue 36), read and written straight on the server through
// supabase-js, like products (product-writes.ts): RLS lets members read and managers and owners write, a
// change needs a connection, and tills get it through their next pull. Nobody deletes: a promotion ends
// (status 'ended'), a coupon is deactivated. A promotion the server refuses for a contradiction ([PROMO-14])
// answers the problem's code in `hint` and the field's path in `details`, which the form shows under that
// field, as it shows checkPromotion's own.
import { plural, t } from '@lingui/core/macro';
import { drawCodes, type RandomBytes } from '../../domain/promotions/coupon-codes';
import type { PromotionProblem, PromotionProblemCode } from '../../domain/promotions/promotion-check';
import { err, ok, type Result } from '../../domain/result';
import { describeServerError, sendWrite, type ServerError, type WriteAnswer } from './product-writes';
import {
  COUPON_COLUMNS,
  couponsOfRows,
  PROMOTION_COLUMNS,
  promotionOfRow,
  type CouponRow,
  type PromotionFields,
  type PromotionRow,
  type PromotionStatus,
} from './promotion-rows';
import type { Supabase } from './supabase-client';

export function promotionsNeedConnection(): string {
  return t`Needs a connection: promotions and coupons are saved on the server.`;
}

function managersOnly(): string {
  return t`Only managers and owners can change promotions and coupons.`;
}

const PROBLEM_CODES: readonly PromotionProblemCode[] = [
  'ends_before_start',
  'not_a_time',
  'rate_out_of_range',
  'amount_out_of_range',
  'quantity_too_small',
  'no_items',
  'no_components',
  'bad_slot',
  'bad_priority',
];

const camel = (key: string) => key.replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase());

/**
 * [PROMO-14] A refusal that names a problem of the promotion: the code in `hint`, the field in `details`
 * (a path as stored, `rule.get_rate`, or as the till spells it, `rule.getRate`; or JSON with `field`).
 */
export function promotionProblemOf(error: ServerError): PromotionProblem | null {
  const code = PROBLEM_CODES.find((known) => known === error.hint);
  if (!code) return null;
  let field = (error.details ?? '').trim();
  if (field.startsWith('{')) {
    try {
      const parsed: unknown = JSON.parse(field);
      const named = parsed && typeof parsed === 'object' && 'field' in parsed ? parsed.field : null;
      field = typeof named === 'string' ? named : '';
    } catch {
      field = '';
    }
  }
  return { field: field.split('.').map(camel).join('.'), code };
}

/** A save's answer: the promotion's id, or a refusal in words and, when the server named one, its problem. */
export type PromotionSave =
  { ok: true; id: string } | { ok: false; message: string; problem: PromotionProblem | null };

export interface CouponFields {
  code: string;
  /** null: unlimited; 1: single-use. */
  max_uses: number | null;
  expires_at: string | null;
}

export interface PromotionBook {
  /** The shop's promotions that are not deleted, by priority then name. */
  list(companyId: string): Promise<Result<PromotionRow[]>>;
  /** Creates (id null) or changes a promotion. */
  save(companyId: string, id: string | null, fields: PromotionFields): Promise<PromotionSave>;
  setStatus(id: string, status: PromotionStatus): Promise<Result<void>>;
  coupons(promotionId: string): Promise<Result<CouponRow[]>>;
  addCoupon(companyId: string, promotionId: string, coupon: CouponFields): Promise<Result<void>>;
  setCouponActive(id: string, active: boolean): Promise<Result<void>>;
  /** `count` new single-use codes in one batch; a code another coupon holds is drawn again. */
  addCouponBatch(
    companyId: string,
    promotionId: string,
    batch: { count: number; prefix: string; expires_at: string | null },
    random: RandomBytes,
  ): Promise<Result<string[]>>;
}

/** Rows per insert of a batch: well under PostgREST's request limits. */
export const BATCH_CHUNK = 250;
const REDRAWS = 5;

/** A write's refusal in words about promotions (sendWrite's own speak of products). */
async function promotionWrite(
  request: () => PromiseLike<WriteAnswer>,
  mustTouchRow: boolean,
): Promise<Result<void>> {
  const written = await sendWrite(request, mustTouchRow);
  if (written.ok) return written;
  if (written.error.code === 'forbidden') return err('forbidden', managersOnly());
  if (written.error.code === 'offline') return err('offline', promotionsNeedConnection());
  return written;
}

/** A read of the promotions' data: a thrown request is a lost connection, a refusal in the server's words. */
export async function read<T>(
  request: () => PromiseLike<{ data: unknown; error: ServerError | null }>,
  decodeRows: (data: unknown) => T,
): Promise<Result<T>> {
  let answer: { data: unknown; error: ServerError | null };
  try {
    answer = await request();
  } catch {
    return err('offline', promotionsNeedConnection());
  }
  if (answer.error) return err('refused', describeServerError(answer.error));
  // Decoded outside the try: a row the app cannot read is not a lost connection.
  return ok(decodeRows(answer.data));
}

/**
 * The rows this app can read: one it cannot (a rule of a kind a newer version added) is left out of the list
 * rather than shown wrong or hiding the others; the console says which.
 */
function readableRows(data: unknown): PromotionRow[] {
  if (!Array.isArray(data)) return [];
  return data.flatMap((row: unknown) => {
    try {
      return [promotionOfRow(row)];
    } catch (error) {
      console.warn('A promotion this version cannot read was left out of the list.', error);
      return [];
    }
  });
}

function refusalOf(error: ServerError): PromotionSave {
  const problem = promotionProblemOf(error);
  if (error.code === '42501') return { ok: false, message: managersOnly(), problem };
  return { ok: false, message: describeServerError(error), problem };
}

export function promotionBookOf(supabase: Supabase): PromotionBook {
  const promotions = () => supabase.from('promotions');
  const coupons = () => supabase.from('coupons');
  return {
    list: (companyId) =>
      read(
        () =>
          promotions()
            .select(PROMOTION_COLUMNS)
            .eq('company_id', companyId)
            .is('deleted_at', null)
            .order('priority')
            .order('name'),
        readableRows,
      ),
    save: async (companyId, id, fields) => {
      try {
        if (id === null) {
          const { data, error } = await promotions()
            .insert({ company_id: companyId, ...fields })
            .select('id')
            .single();
          return error ? refusalOf(error) : { ok: true, id: data.id };
        }
        const { error, count } = await promotions().update(fields, { count: 'exact' }).eq('id', id);
        if (error) return refusalOf(error);
        if (count === 0) return { ok: false, message: managersOnly(), problem: null };
        return { ok: true, id };
      } catch {
        return { ok: false, message: promotionsNeedConnection(), problem: null };
      }
    },
    setStatus: (id, status) =>
      promotionWrite(() => promotions().update({ status }, { count: 'exact' }).eq('id', id), true),
    coupons: (promotionId) =>
      read(
        () =>
          coupons()
            .select(COUPON_COLUMNS)
            .eq('promotion_id', promotionId)
            .is('deleted_at', null)
            .order('created_at', { ascending: false })
            .order('code'),
        couponsOfRows,
      ),
    addCoupon: async (companyId, promotionId, coupon) => {
      const written = await promotionWrite(
        () => coupons().insert({ company_id: companyId, promotion_id: promotionId, ...coupon }),
        false,
      );
      if (!written.ok && written.error.code === 'duplicate') {
        const { code } = coupon;
        return err('duplicate', t`The code ${code} is already in use in this shop.`);
      }
      return written;
    },
    setCouponActive: (id, active) =>
      promotionWrite(() => coupons().update({ active }, { count: 'exact' }).eq('id', id), true),
    addCouponBatch: async (companyId, promotionId, batch, random) => {
      const batchId = crypto.randomUUID();
      const taken = new Set<string>();
      const made: string[] = [];
      while (made.length < batch.count) {
        const size = Math.min(BATCH_CHUNK, batch.count - made.length);
        let written: Result<void> = err('duplicate', '');
        let codes: string[] = [];
        // A chunk is one insert: a code another coupon holds refuses all of it, so all of it is drawn again.
        for (
          let attempt = 0;
          attempt < REDRAWS && !written.ok && written.error.code === 'duplicate';
          attempt++
        ) {
          codes = drawCodes(random, size, batch.prefix, taken);
          codes.forEach((code) => taken.add(code));
          const rows = codes.map((code) => ({
            company_id: companyId,
            promotion_id: promotionId,
            code,
            max_uses: 1,
            expires_at: batch.expires_at,
            batch_id: batchId,
          }));
          written = await promotionWrite(() => coupons().insert(rows), false);
        }
        if (!written.ok) {
          const saved = made.length;
          const reason = written.error.message;
          return err(
            written.error.code,
            saved === 0
              ? reason
              : plural(saved, {
                  one: `# code was saved, then the rest were refused: ${reason}`,
                  other: `# codes were saved, then the rest were refused: ${reason}`,
                }),
          );
        }
        made.push(...codes);
      }
      return ok(made);
    },
  };
}
