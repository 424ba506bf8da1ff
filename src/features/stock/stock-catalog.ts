// What the stock screen reads from the user's mirror: the company's products (the forms offer only the
// ones that track stock, [STOCK-4]), its stores and its terminals' names. Usable inside a liveQuery.
import type { MirrorDb, MirrorProduct } from '../../data/local/mirror-db';
import { companyProducts, companyRows, companySettings } from '../../data/local/mirror-reads';
import { isCostMethod, type CostMethod } from '../../domain/cost';

export interface StockCatalog {
  products: MirrorProduct[];
  tracked: MirrorProduct[];
  byId: Map<string, MirrorProduct>;
  stores: { value: string; label: string }[];
  terminals: { value: string; label: string }[];
  terminalNames: Map<string, string>;
  /** The shop's currency (for unit costs) and how a receive moves a product's cost ([COST-1]). */
  currency: string;
  costMethod: CostMethod;
}

const text = (value: unknown, fallback: string) =>
  typeof value === 'string' && value !== '' ? value : fallback;

export async function loadStockCatalog(mirror: MirrorDb, companyId: string): Promise<StockCatalog> {
  const [products, stores, terminals, company] = await Promise.all([
    companyProducts(mirror, companyId),
    companyRows(mirror, 'stores', companyId),
    companyRows(mirror, 'terminals', companyId),
    companySettings(mirror, companyId),
  ]);
  products.sort((a, b) => a.name.localeCompare(b.name));
  const terminalOptions = terminals.map((row) => ({
    value: row.id,
    label: `${text(row.name, 'Till')} (${text(row.code, '?')})`,
  }));
  return {
    products,
    tracked: products.filter((product) => product.track_stock),
    byId: new Map(products.map((product) => [product.id, product])),
    stores: stores.map((row) => ({ value: row.id, label: text(row.name, 'Store') })),
    terminals: terminalOptions,
    terminalNames: new Map(terminalOptions.map((option) => [option.value, option.label])),
    currency: text(company?.currency, 'EUR'),
    costMethod: isCostMethod(company?.cost_method) ? company.cost_method : 'last',
  };
}
