// The back office's reads of transfers between stores (issue 38, [PUR-25]…[PUR-29], [PUR-40]) straight from
// the server through supabase-js, as a manager. Every change is an op queued through the outbox
// (src/data/ops/transfer-*.ts); this module only reads.
import { err, ok, type Result } from '../../domain/result';
import { fromNumeric } from '../../domain/quantity';
import { t } from '@lingui/core/macro';
import { describeServerError } from './product-writes';
import type { Supabase } from './supabase-client';

/** The screens' shapes (src/features/transfers/transfers-deps.ts), kept structurally equal. */
type TransferFilter = 'open' | 'drafts' | 'done' | 'all';

const FILTERS: Record<TransferFilter, readonly string[] | null> = {
  open: ['in_transit', 'partly_received'],
  drafts: ['draft'],
  done: ['received', 'closed', 'cancelled'],
  all: null,
};

/** The most transfers one list shows: the newest first. */
const LIST_LIMIT = 200;

/** A row of [PUR-40]'s report_in_transit (its migration is piece C's; typed here until its types land). */
interface InTransitRow {
  transfer_id: string;
  number: string;
  from_store_id: string;
  to_store_id: string;
  product_id: string;
  name: string;
  sku: string | null;
  sent_at: string | null;
  in_transit: number | string;
  value_at_cost: number | null;
  days_in_transit: number | null;
}

type InTransitRpc = (
  name: 'report_in_transit',
  args: { p_company: string; p_store?: string },
) => PromiseLike<{ data: InTransitRow[] | null; error: { message: string; code?: string } | null }>;

class ReadRefused extends Error {}

async function reading<T>(read: () => Promise<T>): Promise<Result<T>> {
  try {
    return ok(await read());
  } catch (error) {
    if (error instanceof ReadRefused) return err('refused', error.message);
    return err('offline', t`Transfers are read from the server: connect to see them.`);
  }
}

function must<T>(answer: { data: T | null; error: { message: string; code?: string } | null }): T {
  if (answer.error) throw new ReadRefused(describeServerError(answer.error));
  if (answer.data === null) throw new ReadRefused(t`The server answered nothing.`);
  return answer.data;
}

interface LineFigures {
  sent: number | string;
  received: number | string;
  damaged: number | string;
  lost: number | string;
  returned: number | string;
}

/** [PUR-30] What is still on its way: sent less everything that has become of it. */
function inTransitOf(line: LineFigures): number {
  return (
    fromNumeric(line.sent) -
    fromNumeric(line.received) -
    fromNumeric(line.damaged) -
    fromNumeric(line.lost) -
    fromNumeric(line.returned)
  );
}

export function transfersRemote(supabase: Supabase, companyId: string) {
  return {
    list: (filter: TransferFilter) =>
      reading(async () => {
        let query = supabase
          .from('transfers')
          .select('id, number, status, from_store_id, to_store_id, sent_at')
          .eq('company_id', companyId);
        const statuses = FILTERS[filter];
        if (statuses) query = query.in('status', [...statuses]);
        const transfers = must(await query.order('created_at', { ascending: false }).limit(LIST_LIMIT));
        const ids = transfers.map((transfer) => transfer.id);
        const lines =
          ids.length === 0
            ? []
            : must(
                await supabase
                  .from('transfer_lines')
                  .select('transfer_id, sent, received, damaged, lost, returned')
                  .in('transfer_id', ids)
                  .is('removed_at', null),
              );
        const totals = new Map<string, { sent: number; inTransit: number; received: number }>();
        for (const line of lines) {
          const total = totals.get(line.transfer_id) ?? { sent: 0, inTransit: 0, received: 0 };
          total.sent += fromNumeric(line.sent);
          total.inTransit += inTransitOf(line);
          total.received += fromNumeric(line.received);
          totals.set(line.transfer_id, total);
        }
        return transfers.map((transfer) => ({
          id: transfer.id,
          number: transfer.number,
          fromStoreId: transfer.from_store_id,
          toStoreId: transfer.to_store_id,
          status: transfer.status,
          sentAt: transfer.sent_at,
          ...(totals.get(transfer.id) ?? { sent: 0, inTransit: 0, received: 0 }),
        }));
      }),

    get: (transferId: string) =>
      reading(async () => {
        const transfer = (
          await supabase
            .from('transfers')
            .select('id, number, status, from_store_id, to_store_id, note, version, sent_at')
            .eq('company_id', companyId)
            .eq('id', transferId)
            .maybeSingle()
        ).data;
        if (!transfer) return null;
        const [lines, receiptLines, events] = await Promise.all([
          supabase
            .from('transfer_lines')
            .select('id, product_id, quantity, sent, received, damaged, lost, returned, held')
            .eq('transfer_id', transferId)
            .is('removed_at', null)
            .order('position'),
          supabase
            .from('transfer_receipt_lines')
            .select('id, transfer_line_id, product_id, held, held_damaged')
            .eq('transfer_id', transferId)
            .or('held.gt.0,held_damaged.gt.0')
            .is('settled', null),
          supabase
            .from('stock_document_events')
            .select('id, kind, from_status, to_status, occurred_at, staff_id')
            .eq('document_kind', 'transfer')
            .eq('document_id', transferId)
            .order('seq'),
        ]);
        const eventRows = events.error ? [] : events.data;
        const staffIds = [...new Set(eventRows.flatMap((event) => (event.staff_id ? [event.staff_id] : [])))];
        const staff =
          staffIds.length === 0
            ? []
            : ((await supabase.from('staff').select('id, name').in('id', staffIds)).data ?? []);
        const staffNames = new Map(staff.map((row) => [row.id, row.name]));
        return {
          id: transfer.id,
          number: transfer.number,
          fromStoreId: transfer.from_store_id,
          toStoreId: transfer.to_store_id,
          status: transfer.status,
          note: transfer.note ?? '',
          version: transfer.version,
          sentAt: transfer.sent_at,
          lines: must(lines).map((line) => ({
            id: line.id,
            productId: line.product_id,
            quantity: fromNumeric(line.quantity),
            sent: fromNumeric(line.sent),
            received: fromNumeric(line.received),
            damaged: fromNumeric(line.damaged),
            lost: fromNumeric(line.lost),
            returned: fromNumeric(line.returned),
            held: fromNumeric(line.held),
            inTransit: inTransitOf(line),
          })),
          heldLines: must(receiptLines).map((line) => ({
            id: line.id,
            transferLineId: line.transfer_line_id,
            productId: line.product_id,
            held: fromNumeric(line.held) + fromNumeric(line.held_damaged),
          })),
          events: eventRows.map((event) => ({
            id: event.id,
            kind: event.kind,
            fromStatus: event.from_status,
            toStatus: event.to_status,
            occurredAt: event.occurred_at,
            who: event.staff_id ? (staffNames.get(event.staff_id) ?? null) : null,
          })),
        };
      }),

    /** The shop's stores by name, as the server has them (the lists name both ends of a transfer). */
    storeNames: () =>
      reading(async () => {
        const rows = must(await supabase.from('stores').select('id, name').eq('company_id', companyId));
        return rows.map((row) => ({ id: row.id, name: row.name }));
      }),

    /** [PUR-40] Every line still on its way, for one store (either end) or the whole shop. */
    inTransit: (storeId: string | null) =>
      reading(async () => {
        const rpc = supabase.rpc.bind(supabase) as unknown as InTransitRpc;
        const rows = must(
          await rpc('report_in_transit', {
            p_company: companyId,
            ...(storeId === null ? {} : { p_store: storeId }),
          }),
        );
        return rows.map((row) => ({
          transferId: row.transfer_id,
          number: row.number,
          fromStoreId: row.from_store_id,
          toStoreId: row.to_store_id,
          productId: row.product_id,
          name: row.name,
          sku: row.sku,
          sentAt: row.sent_at,
          inTransit: fromNumeric(row.in_transit),
          valueAtCost: row.value_at_cost ?? 0,
          daysInTransit: row.days_in_transit ?? 0,
        }));
      }),
  };
}
