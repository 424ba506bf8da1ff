// The ledger database (DESIGN §5): sales, locally made customers and stock movements, shifts, the outbox,
// dead letters and this device's terminal identity. Opened with Chromium durability `strict`, so a
// committed sale is on disk, not in an OS buffer, when the till says "done". Versions only ever add: each
// `version(n)` keeps the stores of n − 1 and may carry an upgrade that fills what the new version needs.
import { Dexie, type EntityTable } from 'dexie';
import type {
  AppliedOp,
  DeadLetterRow,
  DeviceMeta,
  LedgerActivityEvent,
  LedgerCashMovement,
  LedgerCustomer,
  LedgerPayment,
  LedgerPurchaseReceipt,
  LedgerPurchaseReceiptLine,
  LedgerSale,
  LedgerSaleLine,
  LedgerReceiptEmail,
  LedgerShift,
  LedgerStockMovement,
  LedgerStocktakeCount,
  LedgerStocktakeCountLine,
  LedgerTransferReceipt,
  LedgerTransferReceiptLine,
  LedgerTransferSend,
  LedgerValueEntry,
  OutboxRow,
  TerminalIdentity,
} from './ledger-types';

/** Version 1's stores; version 2 adds the `settled` index on stock movements (on-hand reads it). */
export const LEDGER_SCHEMA_V1 = {
  meta: 'key',
  terminals: 'company_id, id',
  outbox: 'op_id, seq, [state+seq], company_id, entity.id',
  deadLetters: 'op_id, seq, company_id, entity.id',
  sales: 'id, receipt_no, sync, occurred_at, company_id, shift_id, op_id',
  saleLines: 'id, sale_id, product_id',
  payments: 'id, sale_id',
  customers: 'id, company_id, sync',
  stockMovements: 'id, [store_id+product_id], op_id',
  shifts: 'id, terminal_id, sync',
  cashMovements: 'id, shift_id',
};

export class LedgerDb extends Dexie {
  meta!: EntityTable<DeviceMeta, 'key'>;
  terminals!: EntityTable<TerminalIdentity, 'company_id'>;
  outbox!: EntityTable<OutboxRow, 'op_id'>;
  deadLetters!: EntityTable<DeadLetterRow, 'op_id'>;
  sales!: EntityTable<LedgerSale, 'id'>;
  saleLines!: EntityTable<LedgerSaleLine, 'id'>;
  payments!: EntityTable<LedgerPayment, 'id'>;
  customers!: EntityTable<LedgerCustomer, 'id'>;
  stockMovements!: EntityTable<LedgerStockMovement, 'id'>;
  shifts!: EntityTable<LedgerShift, 'id'>;
  cashMovements!: EntityTable<LedgerCashMovement, 'id'>;
  activityEvents!: EntityTable<LedgerActivityEvent, 'id'>;
  appliedOps!: EntityTable<AppliedOp, 'op_id'>;
  receiptEmails!: EntityTable<LedgerReceiptEmail, 'id'>;
  valueEntries!: EntityTable<LedgerValueEntry, 'id'>;
  purchaseReceipts!: EntityTable<LedgerPurchaseReceipt, 'id'>;
  purchaseReceiptLines!: EntityTable<LedgerPurchaseReceiptLine, 'id'>;
  transferSends!: EntityTable<LedgerTransferSend, 'id'>;
  transferReceipts!: EntityTable<LedgerTransferReceipt, 'id'>;
  transferReceiptLines!: EntityTable<LedgerTransferReceiptLine, 'id'>;
  stocktakeCounts!: EntityTable<LedgerStocktakeCount, 'id'>;
  stocktakeCountLines!: EntityTable<LedgerStocktakeCountLine, 'id'>;

  constructor(name: string, options: { indexedDB?: IDBFactory; IDBKeyRange?: typeof IDBKeyRange } = {}) {
    super(name, { chromeTransactionDurability: 'strict', ...options });
    this.version(1).stores(LEDGER_SCHEMA_V1);
    this.version(2)
      .stores({ stockMovements: 'id, [store_id+product_id], op_id, settled' })
      .upgrade(async (tx) => {
        // Movements written by version 1 had no `settled`: they count until a pull says otherwise.
        await tx
          .table<Partial<LedgerStockMovement>>('stockMovements')
          .toCollection()
          .modify((row) => {
            row.settled ??= 0;
            row.txid ??= null;
          });
      });
    // Version 3 keeps a shared till's activity events until their `activity.record` ops are answered.
    this.version(3).stores({ activityEvents: 'id, sync' });
    // Version 4 keeps the txid of each applied op until its stock deltas are settled (stock-on-hand.ts).
    this.version(4).stores({ appliedOps: 'op_id' });
    // Version 5 keeps the receipts to mail (issue 22) until they went ([RCPT-16]).
    this.version(5).stores({ receiptEmails: 'id, sale_id, sync' });
    // Version 6 keeps this device's customer value entries (issue 37) until a pull reflects them ([VAL-32]).
    this.version(6).stores({ valueEntries: 'id, account_id, op_id, shift_id, settled' });
    // Version 7 keeps this till's deliveries taken in, transfers sent and received, and stocktake counts
    // (issue 38) as their ops sent them (their stock deltas are rows of `stockMovements`, as a sale's are). The
    // managers' document ops keep no row: the server's document is the only copy.
    this.version(7).stores({
      purchaseReceipts: 'id, purchase_order_id, op_id, sync',
      purchaseReceiptLines: 'id, receipt_id, purchase_order_id',
      transferSends: 'id, transfer_id, op_id, sync',
      transferReceipts: 'id, transfer_id, op_id, sync',
      transferReceiptLines: 'id, receipt_id, transfer_id',
      stocktakeCounts: 'id, stocktake_id, op_id, sync',
      stocktakeCountLines: 'id, count_id, stocktake_id',
    });
  }
}
