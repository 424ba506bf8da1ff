// Product and category writes for the back office (issue #8), straight to the server through supabase-js.
// supabase/SPEC.md has no product op in apply_ops, so these are not queued in the outbox: RLS lets managers
// and owners write `products` and `categories`, a change needs a connection, and the caller asks the sync
// engine to pull afterwards so the mirror (and every till, after its next sync) follows. A CSV import is one
// call to `import_products` (SPEC §8), one server transaction. Server refusals come back in plain words.
import { z } from 'zod';
import { err, ok, type Result } from '../../domain/result';
import { decode, toJson } from './decode';
import { serverErrorWords } from './server-error-words';
import { unknownRefusal } from '../refusal-words';
import { t } from '@lingui/core/macro';
import type { Supabase } from './supabase-client';

/** Said when a product change cannot reach the server, in the person's language. */
export function needsConnection(): string {
  return t`Needs a connection: product changes are saved on the server.`;
}

function managersOnly(): string {
  return t`Only managers and owners can change products.`;
}

/**
 * The server's sentences for these codes are English and name the row or field (`Row 3: …`); the person
 * reads the app's words instead, with the row number when the server gave one.
 */
function refusalWords(error: ServerError): string | null {
  switch (error.hint) {
    case 'invalid_row': {
      const row = /^Row (\d+)/.exec(error.message)?.[1];
      return row === undefined
        ? t`A row of the import is not valid: check the file and try again.`
        : t`Row ${row} of the import is not valid: check it and try again.`;
    }
    case 'invalid_name':
      return t`A name is blank or holds hidden characters: type letters or digits.`;
    case 'invalid_variants':
      return t`The variants are not valid: check each option and its price, then save again.`;
    case 'invalid_args':
      return t`A value is not valid here: check the fields and try again.`;
    case 'unknown_supplier':
      return t`That supplier is no longer on the list: reload the page.`;
    default:
      return null;
  }
}

/** A product as the form or the import sends it: money in minor units, tax in basis points. */
export interface ProductFields {
  name: string;
  sku: string | null;
  barcode: string | null;
  category_id: string | null;
  price: number;
  tax_rate_bp: number;
  track_stock: boolean;
  /** numeric(12,3) as exact decimal text ("5", "1.250"), or null for none. */
  reorder_level: string | null;
  /** The item code on scale labels (SCALE-4): 1–6 digits, or null; the import leaves it alone. */
  scale_code?: string | null;
  /** What one unit cost the shop, in minor units; null when unknown ([COST-1]). */
  cost?: number | null;
  /** One of the shop's suppliers, or null for none ([INS-9]); absent leaves it alone. */
  supplier_id?: string | null;
}

/** One CSV row for import_products ([IMP-2]); absent keys leave a matched product's value alone. */
export interface ImportRow {
  row: number;
  sku: string;
  name: string;
  price: number;
  barcode?: string | null;
  category?: string | null;
  tax_rate_bp?: number;
  track_stock?: boolean;
  reorder_level?: string | null;
  cost?: number | null;
  /** The item code on scale labels ([IMP-8]); null clears it. */
  scale_code?: string | null;
  /** A supplier's name ([IMP-9]); null clears the product's supplier. */
  supplier?: string | null;
  /** A variant's parent by SKU and its values for the parent's options ([IMP-7]). */
  parent_sku?: string;
  option1_name?: string;
  option1_value?: string;
  option2_name?: string;
  option2_value?: string;
  option3_name?: string;
  option3_value?: string;
}

/** One row of a parent's variant grid as save_product_variants takes it ([VAR-9]); no id: a new variant. */
export interface VariantInput {
  id?: string;
  option_values: string[];
  sku: string | null;
  barcode: string | null;
  price: number;
  cost: number | null;
  active: boolean;
}

/** save_product_variants answers jsonb, which the generated types leave as `Json`. */
const variantsAnswer = z.object({ created: z.number(), updated: z.number(), deactivated: z.number() });
export type VariantsAnswer = z.infer<typeof variantsAnswer>;

/** import_products answers jsonb, which the generated types leave as `Json`. */
const importAnswer = z.object({ created: z.number(), updated: z.number(), categories_created: z.number() });
export type ImportAnswer = z.infer<typeof importAnswer>;

export interface ProductWriter {
  createProduct(companyId: string, fields: ProductFields): Promise<Result<void>>;
  updateProduct(id: string, fields: Partial<ProductFields>): Promise<Result<void>>;
  setProductArchived(id: string, archived: boolean): Promise<Result<void>>;
  createCategory(companyId: string, name: string): Promise<Result<void>>;
  renameCategory(id: string, name: string): Promise<Result<void>>;
  archiveCategory(id: string): Promise<Result<void>>;
  importProducts(companyId: string, rows: readonly ImportRow[]): Promise<Result<ImportAnswer>>;
  /** A parent's option names and its whole variant grid, in one server transaction ([VAR-9]). */
  saveVariants(
    parentId: string,
    optionNames: readonly string[],
    variants: readonly VariantInput[],
  ): Promise<Result<VariantsAnswer>>;
}

export interface ServerError {
  message: string;
  code?: string;
  hint?: string | null;
  details?: string | null;
}

/** A server refusal in the words a manager reads. */
export function describeServerError(error: ServerError): string {
  const text = `${error.message} ${error.details ?? ''}`;
  if (error.code === '23505') {
    if (/categor/i.test(text)) return t`Another category already has that name.`;
    if (/product_modifier_groups/i.test(text)) return t`That product already asks for this group.`;
    if (/scale_code/i.test(text)) return t`Another product already has that scale item code.`;
    if (/sku/i.test(text)) return t`Another product already has that SKU.`;
    return t`Another product already has that barcode.`;
  }
  if (error.code === '42501') return managersOnly();
  // [INPUT-4] A data error Postgres raised: a sentence, never its message.
  const words = serverErrorWords(error);
  if (words !== null) return words;
  const known = refusalWords(error);
  if (known !== null) return known;
  if (unreached(error)) return needsConnection();
  return unknownRefusal(error.hint, error.code);
}

/** What supabase-js answers a write with (`count` when asked for `count: 'exact'`). */
export interface WriteAnswer {
  error: ServerError | null;
  count?: number | null;
}

/** A request that never reached the server: supabase-js says so in fetch's words. */
function unreached(error: ServerError): boolean {
  return /fetch|network/i.test(error.message);
}

function refusalCode(error: ServerError): string {
  if (unreached(error)) return 'offline';
  if (error.code === '23505') return 'duplicate';
  if (error.code === '42501') return 'forbidden';
  return 'refused';
}

/**
 * Sends one write and reads its answer: a request that never arrived is "offline", a refusal is put in words,
 * and with `mustTouchRow` an update RLS hid from the caller (no row, no error) is "forbidden".
 */
export async function sendWrite(
  request: () => PromiseLike<WriteAnswer>,
  mustTouchRow: boolean,
): Promise<Result<void>> {
  let answer: WriteAnswer;
  try {
    answer = await request();
  } catch {
    // The request never reached the server (the connection dropped, or there was none).
    return err('offline', needsConnection());
  }
  if (answer.error) {
    const message = describeServerError(answer.error);
    return err(refusalCode(answer.error), message);
  }
  // RLS hides rows from a member who may not change them: an update then touches nothing, with no error.
  if (mustTouchRow && answer.count === 0) return err('forbidden', managersOnly());
  return ok(undefined);
}

/**
 * The form keeps numeric(12,3) as exact decimal text; the generated types send numeric as a JSON number.
 * At most 12 significant digits, a double holds it exactly and prints it back unchanged, so the server
 * stores the same value.
 */
const decimal = (text: string | null): number | null => (text === null ? null : Number(text));

/** One rpc whose jsonb answer is decoded: a request that never arrived is "offline", a refusal in words. */
async function callRpc<T>(
  call: () => PromiseLike<{ data: unknown; error: ServerError | null }>,
  schema: z.ZodType<T>,
  name: string,
): Promise<Result<T>> {
  let answer: { data: unknown; error: ServerError | null };
  try {
    answer = await call();
  } catch {
    return err('offline', needsConnection());
  }
  if (answer.error) return err('refused', describeServerError(answer.error));
  return ok(decode(schema, answer.data, name));
}

export function productWriterOf(supabase: Supabase): ProductWriter {
  const products = () => supabase.from('products');
  const categories = () => supabase.from('categories');
  return {
    createProduct: (companyId, fields) =>
      sendWrite(
        () =>
          products().insert({
            company_id: companyId,
            ...fields,
            reorder_level: decimal(fields.reorder_level),
          }),
        false,
      ),
    updateProduct: (id, { reorder_level, ...fields }) => {
      const level = reorder_level === undefined ? {} : { reorder_level: decimal(reorder_level) };
      return sendWrite(
        () =>
          products()
            .update({ ...fields, ...level }, { count: 'exact' })
            .eq('id', id),
        true,
      );
    },
    setProductArchived: (id, archived) =>
      sendWrite(() => products().update({ active: !archived }, { count: 'exact' }).eq('id', id), true),
    createCategory: (companyId, name) =>
      sendWrite(() => categories().insert({ company_id: companyId, name: name.trim() }), false),
    renameCategory: (id, name) =>
      sendWrite(() => categories().update({ name: name.trim() }, { count: 'exact' }).eq('id', id), true),
    archiveCategory: (id) =>
      sendWrite(
        () => categories().update({ deleted_at: new Date().toISOString() }, { count: 'exact' }).eq('id', id),
        true,
      ),
    importProducts: (companyId, rows) =>
      callRpc(
        () => supabase.rpc('import_products', { p_company: companyId, p_rows: toJson(rows) }),
        importAnswer,
        'import_products',
      ),
    saveVariants: (parentId, optionNames, variants) =>
      callRpc(
        () =>
          supabase.rpc('save_product_variants', {
            p_parent: parentId,
            p_option_names: [...optionNames],
            p_variants: toJson(variants),
          }),
        variantsAnswer,
        'save_product_variants',
      ),
  };
}
