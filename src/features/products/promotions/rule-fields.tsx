// The fields each kind of promotion needs ([PROMO-1]): item sets, quantities, a rate in %, amounts in the
// shop's currency (typed as the products form types prices), bundle parts, buy and get sets. Each field's
// error is looked up by the engine's path for it, so checkPromotion's problems and the server's land here.
import { Trans, useLingui } from '@lingui/react/macro';
import { Button } from '../../../ui/button';
import { SelectField } from '../../../ui/select-field';
import { TextField, type TextFieldProps } from '../../../ui/text-field';
import { Check, type FormState } from './form-parts';
import { ItemSetPicker } from './item-set-picker';
import type { ComponentDraft, ItemPick, PromotionDraft } from './promotion-draft';

const NO_ITEMS: ItemPick = { productIds: [], categoryIds: [] };

type TextKey = {
  [K in keyof PromotionDraft]: PromotionDraft[K] extends string ? K : never;
}[keyof PromotionDraft];

/** A text field bound to one of the draft's texts, with the problem found at its engine path under it. */
function DraftText({
  form,
  field,
  path,
  ...rest
}: { form: FormState; field: TextKey; path: string } & Omit<TextFieldProps, 'value' | 'onChange' | 'error'>) {
  return (
    <TextField
      {...rest}
      value={form.draft[field]}
      onChange={(value) => {
        form.update({ [field]: value });
      }}
      error={form.error(path) ?? null}
    />
  );
}

export function RuleFields(form: FormState) {
  switch (form.draft.kind) {
    case 'percent_off':
    case 'amount_off':
      return <OffFields {...form} />;
    case 'basket_threshold':
      return <ThresholdFields {...form} />;
    case 'buy_x_get_y':
      return <BuyGetFields {...form} />;
    case 'mix_match':
      return <MixMatchFields {...form} />;
    case 'bundle_price':
      return <BundleFields {...form} />;
    case 'fixed_price':
      return <FixedPriceFields {...form} />;
  }
}

function Items({ form, field, label }: { form: FormState; field: 'items' | 'buy' | 'get'; label: string }) {
  return (
    <ItemSetPicker
      label={label}
      value={form.draft[field]}
      onChange={(value) => {
        form.update({ [field]: value });
      }}
      catalog={form.catalog}
      error={form.error(`rule.${field}`)}
    />
  );
}

function Repeat({ draft, update }: FormState) {
  const { t } = useLingui();
  return (
    <Check
      label={t`Again for every group in the basket`}
      checked={draft.repeat}
      onChange={(repeat) => {
        update({ repeat });
      }}
    />
  );
}

function OffFields(form: FormState) {
  const { t } = useLingui();
  const { draft, update, error, currency } = form;
  return (
    <>
      <Check
        label={t`The whole basket`}
        checked={draft.wholeBasket}
        onChange={(wholeBasket) => {
          update({ wholeBasket });
        }}
      />
      {draft.wholeBasket ? null : <Items form={form} field="items" label={t`Items`} />}
      {draft.kind === 'percent_off' ? (
        <DraftText form={form} field="rate" label={t`Percentage off (%)`} name="rate" path="rule.rate" />
      ) : (
        <TextField
          label={
            draft.wholeBasket ? t`Amount off the basket (${currency})` : t`Amount off each item (${currency})`
          }
          name="amount"
          value={draft.amount}
          onChange={(amount) => {
            update({ amount });
          }}
          error={error('rule.amount') ?? null}
        />
      )}
    </>
  );
}

function ThresholdFields(form: FormState) {
  const { t } = useLingui();
  const { draft, update, currency } = form;
  return (
    <>
      <DraftText
        form={form}
        field="minSpend"
        label={t`Minimum spend (${currency})`}
        name="min-spend"
        path="rule.minSpend"
      />
      <SelectField
        label={t`Discount`}
        name="off-kind"
        value={draft.offKind}
        onChange={(value) => {
          update({ offKind: value === 'amount' ? 'amount' : 'percent' });
        }}
        options={[
          { value: 'percent', label: t`A percentage off the basket` },
          { value: 'amount', label: t`An amount off the basket` },
        ]}
      />
      {draft.offKind === 'percent' ? (
        <DraftText form={form} field="rate" label={t`Percentage off (%)`} name="rate" path="rule.off.rate" />
      ) : (
        <DraftText
          form={form}
          field="amount"
          label={t`Amount off the basket (${currency})`}
          name="amount"
          path="rule.off.amount"
        />
      )}
    </>
  );
}

function BuyGetFields(form: FormState) {
  const { t } = useLingui();
  const { draft, update } = form;
  return (
    <>
      <Items form={form} field="buy" label={t`Buy these items`} />
      <DraftText
        form={form}
        field="buyQuantity"
        label={t`How many to buy`}
        name="buy-quantity"
        inputMode="numeric"
        path="rule.buyQuantity"
      />
      <Check
        label={t`The discounted items are from the same items (the cheapest)`}
        checked={draft.getFromBuy}
        onChange={(getFromBuy) => {
          update({ getFromBuy });
        }}
      />
      {draft.getFromBuy ? null : <Items form={form} field="get" label={t`Get these items`} />}
      <DraftText
        form={form}
        field="getQuantity"
        label={t`How many to get`}
        name="get-quantity"
        inputMode="numeric"
        path="rule.getQuantity"
      />
      <DraftText
        form={form}
        field="getRate"
        label={t`Percentage off what they get (%)`}
        name="get-rate"
        description={t`100 makes them free; 50 half price.`}
        path="rule.getRate"
      />
      <Repeat {...form} />
    </>
  );
}

function GroupPrice(form: FormState) {
  const { t } = useLingui();
  const { currency } = form;
  return (
    <DraftText
      form={form}
      field="price"
      label={t`Price for the group (${currency})`}
      name="price"
      path="rule.price"
    />
  );
}

function MixMatchFields(form: FormState) {
  const { t } = useLingui();
  return (
    <>
      <Items form={form} field="items" label={t`Any of these items`} />
      <DraftText
        form={form}
        field="quantity"
        label={t`How many items make a group`}
        name="quantity"
        inputMode="numeric"
        path="rule.quantity"
      />
      <GroupPrice {...form} />
      <Repeat {...form} />
    </>
  );
}

function BundleFields(form: FormState) {
  const { t } = useLingui();
  const { draft, update, error, catalog } = form;
  const setPart = (at: number, change: Partial<ComponentDraft>) => {
    update({
      components: draft.components.map((part, index) => (index === at ? { ...part, ...change } : part)),
    });
  };
  const partsError = error('rule.components');
  return (
    <>
      {draft.components.map((part, at) => {
        const n = at + 1;
        return (
          <div key={at} className="promotion-form__part">
            <ItemSetPicker
              label={t`Part ${n} of the bundle`}
              value={part.items}
              onChange={(items) => {
                setPart(at, { items });
              }}
              catalog={catalog}
              error={error(`rule.components.${String(at)}.items`)}
            />
            <TextField
              label={t`How many of part ${n}`}
              name={`part-${String(n)}-quantity`}
              inputMode="numeric"
              value={part.quantity}
              onChange={(quantity) => {
                setPart(at, { quantity });
              }}
              error={error(`rule.components.${String(at)}.quantity`) ?? null}
            />
            <Button
              variant="secondary"
              onPress={() => {
                update({ components: draft.components.filter((_, index) => index !== at) });
              }}
            >
              <Trans>Remove part {n}</Trans>
            </Button>
          </div>
        );
      })}
      {partsError ? (
        <p className="field__error" role="alert">
          {partsError}
        </p>
      ) : null}
      <Button
        variant="secondary"
        onPress={() => {
          update({ components: [...draft.components, { items: NO_ITEMS, quantity: '1' }] });
        }}
      >
        <Trans>Add a part</Trans>
      </Button>
      <GroupPrice {...form} />
      <Repeat {...form} />
    </>
  );
}

function FixedPriceFields(form: FormState) {
  const { t } = useLingui();
  const { currency } = form;
  return (
    <>
      <Items form={form} field="items" label={t`Items`} />
      <DraftText
        form={form}
        field="unitPrice"
        label={t`Price of each item (${currency})`}
        name="unit-price"
        path="rule.unitPrice"
      />
    </>
  );
}
