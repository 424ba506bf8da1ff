// CSV import with a preview (managers and owners): pick a file, see what it would create and update and an
// error per bad row, then apply it in one server transaction (import_products, supabase/SPEC.md §8) — all
// rows or none. Needs a connection like every product change.
import { useId, useMemo, useState } from 'react';
import { needsConnection } from '../../data/remote/product-writes';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { downloadFile } from '../../lib/download';
import { formatMoney } from '../../lib/format-money';
import { readText } from '../../lib/read-text';
import { productsCsvTemplate } from './product-csv-export';
import { CSV_COLUMNS, parseProductCsv, type CatalogCodes, type ParsedImport } from './product-csv';
import type { CatalogData, PanelProps } from './use-products-live';

const PREVIEW_ROWS = 20;
const SHOWN_ERRORS = 50;

type Outcome = { tone: 'info' | 'success' | 'error'; text: string } | null;

function codesOf(catalog: CatalogData): CatalogCodes {
  const skus = new Set<string>();
  const barcodes = new Map<string, { sku: string; name: string }>();
  for (const product of catalog.products) {
    if (product.sku) skus.add(product.sku.toLowerCase());
    if (product.barcode && product.active) {
      barcodes.set(product.barcode, { sku: product.sku?.toLowerCase() ?? '', name: product.name });
    }
  }
  return { skus, barcodes };
}

export function ImportPanel({ deps, catalog, online, onClose }: PanelProps) {
  const [file, setFile] = useState<{ name: string; parsed: ParsedImport } | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [busy, setBusy] = useState(false);
  // A new input after each import: the browser's own input would still name the file just imported.
  const [pickerKey, setPickerKey] = useState(0);
  const pickerLabel = useId();
  const codes = useMemo(() => codesOf(catalog), [catalog]);

  const choose = async (chosen: File | undefined) => {
    setOutcome(null);
    if (!chosen) return;
    const text = await readText(chosen);
    setFile({ name: chosen.name, parsed: parseProductCsv(text, deps.currency, codes) });
  };

  const apply = async (parsed: ParsedImport) => {
    setBusy(true);
    setOutcome({ tone: 'info', text: `Importing ${parsed.rows.length} products…` });
    const answer = await deps.writer.importProducts(deps.companyId, parsed.rows);
    setBusy(false);
    if (!answer.ok) {
      setOutcome({ tone: 'error', text: `Nothing was imported. ${answer.error.message}` });
      return;
    }
    deps.syncNow();
    const { created, updated, categories_created: categories } = answer.value;
    const extra = categories > 0 ? `, ${categories} new ${categories === 1 ? 'category' : 'categories'}` : '';
    setOutcome({ tone: 'success', text: `Imported: ${created} created, ${updated} updated${extra}.` });
    setFile(null);
    setPickerKey((key) => key + 1);
  };

  const parsed = file?.parsed;
  const creates = parsed ? parsed.actions.filter((action) => action === 'create').length : 0;
  const ready = parsed?.errors.length === 0 && parsed.rows.length > 0;
  return (
    <section className="card import-panel" aria-label="Import products">
      <h2 className="card__title">Import products from CSV</h2>
      <p className="import-panel__help">
        The first row names the columns: <code>{CSV_COLUMNS.join(', ')}</code>. <code>sku</code>,{' '}
        <code>name</code> and <code>price</code> (in {deps.currency}, e.g. 2.50) are required;{' '}
        <code>tax_rate</code> is a percentage. A row whose SKU exists updates that product, others are
        created. A missing column leaves that field as it is. The whole file is applied at once, or nothing
        is.
      </p>
      {!online ? <Alert tone="warning">{needsConnection()}</Alert> : null}
      <div className="import-panel__pick">
        <label className="file-picker" key={pickerKey}>
          <span className="field__label" id={pickerLabel}>
            CSV file
          </span>
          <input
            aria-labelledby={pickerLabel}
            className="visually-hidden"
            type="file"
            accept=".csv,text/csv"
            onChange={(event) => void choose(event.target.files?.[0])}
          />
          <span className="file-picker__row" aria-hidden="true">
            <span className="button button--secondary file-picker__button">Choose a file…</span>
            <span className="file-picker__name">{file?.name ?? 'No file chosen'}</span>
          </span>
        </label>
        <Button
          variant="ghost"
          onPress={() => {
            downloadFile('tillpoint-products-template.csv', productsCsvTemplate(deps.currency), 'text/csv');
          }}
        >
          Download a template
        </Button>
      </div>
      {outcome ? <Alert tone={outcome.tone}>{outcome.text}</Alert> : null}
      {parsed && parsed.errors.length > 0 ? (
        <Alert
          title={`${file.name}: ${parsed.errors.length} problem${parsed.errors.length === 1 ? '' : 's'}, nothing can be imported yet`}
        >
          <ul className="import-panel__errors">
            {parsed.errors.slice(0, SHOWN_ERRORS).map((error) => (
              <li key={error}>{error}</li>
            ))}
          </ul>
          {parsed.errors.length > SHOWN_ERRORS ? (
            <p>…and {parsed.errors.length - SHOWN_ERRORS} more.</p>
          ) : null}
        </Alert>
      ) : null}
      {parsed && ready ? (
        <>
          <p role="status">
            {file.name}: {parsed.rows.length} rows — {creates} new, {parsed.rows.length - creates} updates.
          </p>
          <table className="import-panel__preview">
            <caption className="visually-hidden">Preview of the first rows</caption>
            <thead>
              <tr>
                <th>Row</th>
                <th>Action</th>
                <th>SKU</th>
                <th>Name</th>
                <th>Price</th>
              </tr>
            </thead>
            <tbody>
              {parsed.rows.slice(0, PREVIEW_ROWS).map((row, index) => (
                <tr key={row.row}>
                  <td>{row.row}</td>
                  <td>{parsed.actions[index] === 'update' ? 'Update' : 'Create'}</td>
                  <td>{row.sku}</td>
                  <td>{row.name}</td>
                  <td>{formatMoney(row.price, deps.currency)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <Button isDisabled={!online || busy} onPress={() => void apply(parsed)}>
            Import {parsed.rows.length} products
          </Button>
        </>
      ) : null}
      <Button variant="ghost" onPress={onClose}>
        Close import
      </Button>
    </section>
  );
}
