// The back office's transfer ops (supabase/SPEC.md [PUR-25], [PUR-28], [PUR-29]): what each command queues,
// that it keeps no ledger row (the server's document is the only copy), and what it refuses before anything
// reaches the outbox.
import { describe, expect, test } from 'vitest';
import { COMPANY_A, freshLedger, PRODUCT, STORE, testDeps } from '../../../tests/support/ledger-fixtures';
import { opTitle } from './registry';
import { closeTransfer } from './transfer-close';
import { saveTransfer, type SaveTransferInput } from './transfer-save';
import { settleTransferHeld } from './transfer-settle';

const TRANSFER = '01939a00-0000-7000-8000-000000000011';
const LINE = '01939a00-0000-7000-8000-000000000012';
const MARKET = 'd2000000-0000-4000-8000-000000000002';
const RECEIPT_LINE = '01939a00-0000-7000-8000-000000000013';

function draft(overrides: Partial<SaveTransferInput> = {}): SaveTransferInput {
  return {
    id: TRANSFER,
    companyId: COMPANY_A,
    fromStoreId: STORE,
    toStoreId: MARKET,
    note: '  Van on Tuesday  ',
    lines: [{ id: LINE, productId: PRODUCT, quantity: 10_000 }],
    ...overrides,
  };
}

describe('transfer.save', () => {
  test('[PUR-25] a new draft queues its stores and lines, quantities as numeric text, and no ledger row', async () => {
    const ledger = freshLedger();
    const saved = await saveTransfer(testDeps(ledger), draft());
    if (!saved.ok) throw new Error(saved.error.message);
    const [op] = await ledger.outbox.toArray();
    expect(op).toMatchObject({
      name: 'transfer.save',
      company_id: COMPANY_A,
      terminal_id: null,
      entity: null,
      args: {
        id: TRANSFER,
        company_id: COMPANY_A,
        from_store_id: STORE,
        to_store_id: MARKET,
        note: 'Van on Tuesday',
        lines: [{ id: LINE, product_id: PRODUCT, quantity: '10.000' }],
      },
    });
    expect(op?.args).not.toHaveProperty('base_version');
    expect(op && opTitle(op)).toBe('Transfer saved');
  });

  test('[PUR-25] an edit names the version it was made from; an empty note is left out', async () => {
    const ledger = freshLedger();
    await saveTransfer(testDeps(ledger), draft({ baseVersion: 2, note: '' }));
    const [op] = await ledger.outbox.toArray();
    expect(op?.args).toMatchObject({ base_version: 2 });
    expect(op?.args).not.toHaveProperty('note');
  });

  test('[PUR-25] the same store at both ends, no lines or a product twice is refused and nothing is queued', async () => {
    const ledger = freshLedger();
    const deps = testDeps(ledger);
    expect((await saveTransfer(deps, draft({ toStoreId: STORE }))).ok).toBe(false);
    expect((await saveTransfer(deps, draft({ lines: [] }))).ok).toBe(false);
    const twice = draft({
      lines: [
        { id: LINE, productId: PRODUCT, quantity: 1000 },
        { id: RECEIPT_LINE, productId: PRODUCT, quantity: 2000 },
      ],
    });
    expect((await saveTransfer(deps, twice)).ok).toBe(false);
    expect(await ledger.outbox.count()).toBe(0);
  });
});

describe('transfer.settle and transfer.close', () => {
  test('[PUR-28] accepting a held receipt line queues an op of its own id naming the receipt line', async () => {
    const ledger = freshLedger();
    await settleTransferHeld(testDeps(ledger), {
      companyId: COMPANY_A,
      receiptLineId: RECEIPT_LINE,
      action: 'accept',
      reason: '',
    });
    const [op] = await ledger.outbox.toArray();
    expect(op).toMatchObject({
      name: 'transfer.settle',
      entity: null,
      args: { receipt_line_id: RECEIPT_LINE, action: 'accept', reason: '' },
    });
    expect(op?.args.id).not.toBe(RECEIPT_LINE);
    expect(op && opTitle(op)).toBe('Transfer difference accepted');
  });

  test('[PUR-29] close names what became of the rest; cancel names none', async () => {
    const ledger = freshLedger();
    const deps = testDeps(ledger);
    await closeTransfer(deps, {
      companyId: COMPANY_A,
      transferId: TRANSFER,
      action: 'close',
      remainder: 'returned',
      reason: ' Van broke down ',
    });
    await closeTransfer(deps, { companyId: COMPANY_A, transferId: TRANSFER, action: 'cancel', reason: '' });
    const [closed, cancelled] = await ledger.outbox.orderBy('seq').toArray();
    expect(closed?.args).toMatchObject({
      id: TRANSFER,
      action: 'close',
      remainder: 'returned',
      reason: 'Van broke down',
    });
    expect(cancelled?.args).toMatchObject({ id: TRANSFER, action: 'cancel' });
    expect(cancelled?.args).not.toHaveProperty('remainder');
    expect(closed && opTitle(closed)).toBe('Transfer closed');
  });
});
