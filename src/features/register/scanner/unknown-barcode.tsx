// A scanned barcode no product has: said plainly. Owners and managers may add the product on the spot (name,
// price, tax rate; the barcode filled in) — written to the server, so it needs a connection — and it goes
// straight into the cart. Cashiers see only the message.
import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type SyntheticEvent } from 'react';
import { parseAmount } from '../../../domain/money-text';
import type { MirrorProduct } from '../../../data/local/mirror-db';
import { Alert } from '../../../ui/alert';
import { Dialog } from '../../../ui/dialog';
import { TextField } from '../../../ui/text-field';
import type { NewProductInput } from '../register-deps';

export type AddProduct = (
  input: NewProductInput,
) => Promise<{ product: MirrorProduct } | { problem: string }>;

export interface UnknownBarcodeProps {
  code: string;
  currency: string;
  /** The rate most products have, offered first (basis points). */
  defaultTaxRateBp: number;
  addProduct?: AddProduct;
  onAdded: (product: MirrorProduct) => void;
}

/** "20" or "5.5" (percent) → basis points; null when it is not a rate between 0 and 100 %. */
export function parseTaxRate(text: string): number | null {
  const trimmed = text.trim().replace(',', '.').replace(/\s*%$/, '');
  if (!/^\d{1,3}(\.\d{1,2})?$/.test(trimmed)) return null;
  const basisPoints = Math.round(Number(trimmed) * 100);
  return basisPoints <= 10_000 ? basisPoints : null;
}

/** The form's text as a new product, or what is wrong with it in plain words. */
export function checkNewProduct(
  fields: { name: string; price: string; taxRate: string; barcode: string },
  currency: string,
): { input: NewProductInput } | { problem: string } {
  const amount = parseAmount(fields.price, currency);
  const rate = parseTaxRate(fields.taxRate);
  const name = fields.name.trim();
  const barcode = fields.barcode.trim();
  if (name === '') return { problem: i18n._(msg`The product needs a name.`) };
  if (!amount.ok) return { problem: `Price: ${amount.error.message}` };
  if (rate === null)
    return { problem: i18n._(msg`The tax rate is a percentage from 0 to 100, like 20 or 5.5.`) };
  if (!/^[!-~]{1,64}$/.test(barcode)) return { problem: 'A barcode is 1 to 64 letters or digits.' };
  return { input: { name, price: amount.value, taxRateBp: rate, barcode, categoryId: null } };
}

export function UnknownBarcode({
  code,
  currency,
  defaultTaxRateBp,
  addProduct,
  onAdded,
}: UnknownBarcodeProps) {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  return (
    <Alert tone="warning">
      <p>
        <Trans>No product has the barcode {code}.</Trans>
      </p>
      {addProduct ? (
        <>
          <button
            type="button"
            className="button button--secondary"
            onClick={() => {
              setOpen(true);
            }}
          >
            <Trans>Add it as a new product</Trans>
          </button>
          <Dialog title={t`New product`} isOpen={open} onOpenChange={setOpen}>
            <NewProductForm
              code={code}
              currency={currency}
              defaultTaxRateBp={defaultTaxRateBp}
              addProduct={addProduct}
              onAdded={(product) => {
                setOpen(false);
                onAdded(product);
              }}
            />
          </Dialog>
        </>
      ) : null}
    </Alert>
  );
}

function NewProductForm({
  code,
  currency,
  defaultTaxRateBp,
  addProduct,
  onAdded,
}: Required<Omit<UnknownBarcodeProps, 'addProduct'>> & { addProduct: AddProduct }) {
  const { t } = useLingui();
  const [name, setName] = useState('');
  const [price, setPrice] = useState('');
  const [taxRate, setTaxRate] = useState(String(defaultTaxRateBp / 100));
  const [barcode, setBarcode] = useState(code);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: SyntheticEvent) => {
    event.preventDefault();
    const checked = checkNewProduct({ name, price, taxRate, barcode }, currency);
    if ('problem' in checked) {
      setProblem(checked.problem);
      return;
    }
    setBusy(true);
    const answer = await addProduct(checked.input);
    setBusy(false);
    if ('problem' in answer) setProblem(answer.problem);
    else onAdded(answer.product);
  };

  return (
    <form className="new-product" onSubmit={(event) => void submit(event)} noValidate>
      {problem !== null ? <Alert>{problem}</Alert> : null}
      <TextField label={t`Name`} name="name" value={name} onChange={setName} autoFocus maxLength={200} />
      <TextField label={t`Price`} name="price" value={price} onChange={setPrice} placeholder="2.50" />
      <TextField label={t`Tax rate (%)`} name="tax-rate" value={taxRate} onChange={setTaxRate} />
      <TextField label={t`Barcode`} name="barcode" value={barcode} onChange={setBarcode} maxLength={64} />
      <div className="dialog__actions">
        <button type="submit" className="button button--primary" disabled={busy}>
          {busy ? t`Adding…` : t`Add product`}
        </button>
      </div>
    </form>
  );
}
