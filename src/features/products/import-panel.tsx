// CSV import with a preview (managers and owners): pick a file, see what it would create and update and an
// error per bad row, then apply it in one server transaction (import_products, supabase/SPEC.md §8) — all
// rows or none. Needs a connection like every product change.
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
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
  const { t } = useLingui();

  const choose = async (chosen: File | undefined) => {
    setOutcome(null);
    if (!chosen) return;
    const text = await readText(chosen);
    setFile({ name: chosen.name, parsed: parseProductCsv(text, deps.currency, codes) });
  };

  const apply = async (parsed: ParsedImport) => {
    setBusy(true);
    const count = parsed.rows.length;
    setOutcome({
      tone: 'info',
      text: plural(count, { one: 'Importing # product…', other: 'Importing # products…' }),
    });
    const answer = await deps.writer.importProducts(deps.companyId, parsed.rows);
    setBusy(false);
    if (!answer.ok) {
      const reason = answer.error.message;
      setOutcome({ tone: 'error', text: t`Nothing was imported. ${reason}` });
      return;
    }
    deps.syncNow();
    const { created, updated, categories_created: categories } = answer.value;
    const text =
      categories > 0
        ? plural(categories, {
            one: `Imported: ${created} created, ${updated} updated, # new category.`,
            other: `Imported: ${created} created, ${updated} updated, # new categories.`,
          })
        : t`Imported: ${created} created, ${updated} updated.`;
    setOutcome({ tone: 'success', text });
    setFile(null);
    setPickerKey((key) => key + 1);
  };

  const parsed = file?.parsed;
  const creates = parsed ? parsed.actions.filter((action) => action === 'create').length : 0;
  const ready = parsed?.errors.length === 0 && parsed.rows.length > 0;
  const columns = CSV_COLUMNS.join(', ');
  const currency = deps.currency;
  return (
    <section className="card import-panel" aria-label={t`Import products`}>
      <h2 className="card__title">
        <Trans>Import products from CSV</Trans>
      </h2>
      <p className="import-panel__help">
        {/* The column names are the file's format: the same in every language (product-csv.ts). */}
        <Trans>
          The first row names the columns: <code>{columns}</code>. <code>sku</code>, <code>name</code> and{' '}
          <code>price</code> (in {currency}, e.g. 2.50) are required; <code>tax_rate</code> is a percentage. A
          row whose SKU exists updates that product, others are created. A missing column leaves that field as
          it is. The whole file is applied at once, or nothing is.
        </Trans>
      </p>
      {!online ? <Alert tone="warning">{needsConnection()}</Alert> : null}
      <div className="import-panel__pick">
        <label className="file-picker" key={pickerKey}>
          <span className="field__label" id={pickerLabel}>
            <Trans>CSV file</Trans>
          </span>
          <input
            aria-labelledby={pickerLabel}
            className="visually-hidden"
            type="file"
            accept=".csv,text/csv"
            onChange={(event) => void choose(event.target.files?.[0])}
          />
          <span className="file-picker__row" aria-hidden="true">
            <span className="button button--secondary file-picker__button">
              <Trans>Choose a file…</Trans>
            </span>
            <span className="file-picker__name">{file?.name ?? t`No file chosen`}</span>
          </span>
        </label>
        <Button
          variant="ghost"
          onPress={() => {
            downloadFile('tillpoint-products-template.csv', productsCsvTemplate(deps.currency), 'text/csv');
          }}
        >
          <Trans>Download a template</Trans>
        </Button>
      </div>
      {outcome ? <Alert tone={outcome.tone}>{outcome.text}</Alert> : null}
      {parsed && parsed.errors.length > 0 ? (
        <Alert title={problemsTitle(file.name, parsed.errors.length)}>
          <ul className="import-panel__errors">
            {parsed.errors.slice(0, SHOWN_ERRORS).map((error) => (
              <li key={error}>{error}</li>
            ))}
          </ul>
          {parsed.errors.length > SHOWN_ERRORS ? (
            <p>
              <MoreProblems count={parsed.errors.length - SHOWN_ERRORS} />
            </p>
          ) : null}
        </Alert>
      ) : null}
      {parsed && ready ? (
        <>
          <p role="status">
            <ImportSummary name={file.name} rows={parsed.rows.length} creates={creates} />
          </p>
          <table className="import-panel__preview">
            <caption className="visually-hidden">
              <Trans>Preview of the first rows</Trans>
            </caption>
            <thead>
              <tr>
                <th>
                  <Trans>Row</Trans>
                </th>
                <th>
                  <Trans>Action</Trans>
                </th>
                <th>
                  <Trans>SKU</Trans>
                </th>
                <th>
                  <Trans>Name</Trans>
                </th>
                <th>
                  <Trans>Price</Trans>
                </th>
              </tr>
            </thead>
            <tbody>
              {parsed.rows.slice(0, PREVIEW_ROWS).map((row, index) => (
                <tr key={row.row}>
                  <td>{row.row}</td>
                  <td>
                    {parsed.actions[index] === 'update' ? <Trans>Update</Trans> : <Trans>Create</Trans>}
                  </td>
                  <td>{row.sku}</td>
                  <td>{row.name}</td>
                  <td>{formatMoney(row.price, deps.currency)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <Button isDisabled={!online || busy} onPress={() => void apply(parsed)}>
            <ImportButtonWords count={parsed.rows.length} />
          </Button>
        </>
      ) : null}
      <Button variant="ghost" onPress={onClose}>
        <Trans>Close import</Trans>
      </Button>
    </section>
  );
}

/** "products.csv: 3 problems, nothing can be imported yet" (an alert's title is text). */
function problemsTitle(name: string, count: number): string {
  return plural(count, {
    one: `${name}: # problem, nothing can be imported yet`,
    other: `${name}: # problems, nothing can be imported yet`,
  });
}

function MoreProblems({ count }: { count: number }) {
  return <Trans>…and {count} more.</Trans>;
}

/** "products.csv: 3 rows — 2 new, 1 updates." One form for every count: the tests read "1 rows" in English. */
function ImportSummary({ name, rows, creates }: { name: string; rows: number; creates: number }) {
  const updates = rows - creates;
  return (
    <Trans>
      {name}: {rows} rows — {creates} new, {updates} updates.
    </Trans>
  );
}

function ImportButtonWords({ count }: { count: number }) {
  return <Trans>Import {count} products</Trans>;
}
