// The back office's stocktake ops (supabase/SPEC.md [PUR-31], [PUR-34], [PUR-35]): what each command queues,
// that it keeps no ledger row (the server's stocktake is the only copy), and what it refuses before anything
// reaches the outbox.
import { describe, expect, test } from 'vitest';
import { COMPANY_A, freshLedger, PRODUCT, STORE, testDeps } from '../../../tests/support/ledger-fixtures';
import { opTitle } from './registry';
import { approveStocktake } from './stocktake-approve';
import { cancelStocktake } from './stocktake-cancel';
import { openStocktake } from './stocktake-open';

const STOCKTAKE = '01939a00-0000-7000-8000-0000000000c1';
const CATEGORY = 'd3000000-0000-4000-8000-000000000001';
const SUPPLIER = 'd5000000-0000-4000-8000-000000000001';

describe('stocktake.open', () => {
  test('[PUR-31] a category stocktake queues its store, scope and category, and no ledger row', async () => {
    const ledger = freshLedger();
    const opened = await openStocktake(testDeps(ledger), {
      id: STOCKTAKE,
      companyId: COMPANY_A,
      storeId: STORE,
      scope: 'category',
      categoryId: CATEGORY,
      supplierId: SUPPLIER,
      note: '  Back shelf  ',
    });
    if (!opened.ok) throw new Error(opened.error.message);
    const [op] = await ledger.outbox.toArray();
    expect(op).toMatchObject({
      name: 'stocktake.open',
      company_id: COMPANY_A,
      terminal_id: null,
      entity: null,
    });
    expect(op?.args).toEqual({
      id: STOCKTAKE,
      company_id: COMPANY_A,
      store_id: STORE,
      scope: 'category',
      category_id: CATEGORY,
      note: 'Back shelf',
      occurred_at: expect.any(String) as unknown,
    });
    expect(op && opTitle(op)).toBe('Stocktake opened');
  });

  test('[PUR-31] a supplier stocktake without its supplier is refused in words, nothing queued', async () => {
    const ledger = freshLedger();
    const opened = await openStocktake(testDeps(ledger), {
      id: STOCKTAKE,
      companyId: COMPANY_A,
      storeId: STORE,
      scope: 'supplier',
    });
    expect(opened.ok).toBe(false);
    if (!opened.ok) expect(opened.error.message).toBe('Choose the supplier whose products to count.');
    expect(await ledger.outbox.count()).toBe(0);
  });

  test('[PUR-31] all products names no category or supplier', async () => {
    const ledger = freshLedger();
    await openStocktake(testDeps(ledger), {
      id: STOCKTAKE,
      companyId: COMPANY_A,
      storeId: STORE,
      scope: 'all',
      categoryId: CATEGORY,
    });
    const [op] = await ledger.outbox.toArray();
    expect(op?.args).not.toHaveProperty('category_id');
    expect(op?.args).not.toHaveProperty('note');
  });
});

describe('stocktake.approve and stocktake.cancel', () => {
  test('[PUR-34] the approval queues what the uncounted mean and the out-of-scope products left out', async () => {
    const ledger = freshLedger();
    await approveStocktake(testDeps(ledger), {
      companyId: COMPANY_A,
      stocktakeId: STOCKTAKE,
      uncounted: 'zero',
      excludeProductIds: [PRODUCT, PRODUCT],
    });
    const [op] = await ledger.outbox.toArray();
    expect(op).toMatchObject({ name: 'stocktake.approve', entity: null });
    expect(op?.args).toMatchObject({ id: STOCKTAKE, uncounted: 'zero', exclude_product_ids: [PRODUCT] });
    expect(op && opTitle(op)).toBe('Stocktake approved');
  });

  test('[PUR-34] nothing left out sends no list', async () => {
    const ledger = freshLedger();
    await approveStocktake(testDeps(ledger), {
      companyId: COMPANY_A,
      stocktakeId: STOCKTAKE,
      uncounted: 'leave',
    });
    const [op] = await ledger.outbox.toArray();
    expect(op?.args).not.toHaveProperty('exclude_product_ids');
  });

  test('[PUR-35] cancelling queues the reason, trimmed', async () => {
    const ledger = freshLedger();
    await cancelStocktake(testDeps(ledger), {
      companyId: COMPANY_A,
      stocktakeId: STOCKTAKE,
      reason: ' Wrong store ',
    });
    const [op] = await ledger.outbox.toArray();
    expect(op).toMatchObject({ name: 'stocktake.cancel', entity: null });
    expect(op?.args).toMatchObject({ id: STOCKTAKE, reason: 'Wrong store' });
    expect(op && opTitle(op)).toBe('Stocktake cancelled');
  });
});
