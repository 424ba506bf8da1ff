// [PULL-S] A cold start that reads the register's catalogue from the mirror's snapshot is ready for anything:
// a scan or a search right after it finds any product, as after a start from the rows.
import { expect, test } from 'vitest';
import { product, pulledCatalog as setup } from '../../../tests/support/catalog-fixtures';
import { addTerminal, COMPANY_A } from '../../../tests/support/ledger-fixtures';
import { readRegisterCatalog, saveRegisterCatalog } from '../../data/local/register-catalog';
import { loadRegisterData } from './register-data';

test('[PULL-S] a scan or a search right after a cold start from the snapshot finds any product', async () => {
  const { ledger, mirror, pull, fromRows } = setup(30);
  await addTerminal(ledger, COMPANY_A);
  await pull();
  await saveRegisterCatalog(mirror, COMPANY_A, await readRegisterCatalog(mirror, COMPANY_A), 7);
  expect((await readRegisterCatalog(mirror, COMPANY_A)).fromSnapshot).toBe(true);

  const data = await loadRegisterData({ ledger, mirror }, COMPANY_A);
  if (data.kind !== 'ready') throw new Error(data.message);
  expect(data.catalog.products).toEqual(await fromRows());
  for (let n = 1; n <= 30; n++) {
    const { id, barcode, name, sku } = product(n);
    expect(data.catalog.index.findByCode(barcode)?.id).toBe(id);
    if (sku !== null) expect(data.catalog.index.findByCode(sku.toLowerCase())?.id).toBe(id);
    expect(data.catalog.index.search(name.replace('Crème', 'creme')).items[0]?.id).toBe(id);
  }
});
