// Create or edit one promotion (managers and owners). The draft is this component's state: a problem found
// by checkPromotion before saving ([PROMO-14]) or named by the server's refusal is shown under its field, a
// refusal without a field above the form, and whatever was typed stays. The save goes to the server; tills
// get it at their next pull.
import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type SyntheticEvent } from 'react';
import { promotionFields, type PromotionRow } from '../../../data/remote/promotion-rows';
import type { PromotionProblem } from '../../../domain/promotions/promotion-check';
import type { PromotionKind } from '../../../domain/promotions/promotion-types';
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { SelectField } from '../../../ui/select-field';
import { TextField } from '../../../ui/text-field';
import type { FormState } from './form-parts';
import { checkDraft, draftOfRow, emptyDraft, type DraftErrors, type PromotionDraft } from './promotion-draft';
import { KIND_WORDS, KINDS, problemWords } from './promotion-words';
import type { PromotionsDeps } from './promotions-deps';
import { RuleFields } from './rule-fields';
import { ScheduleFields } from './schedule-fields';
import type { PromotionCatalog } from './use-promotion-catalog';

/** The field paths the form shows an error under; a problem at any other path is shown above the form. */
function fieldsShown(draft: PromotionDraft): Set<string> {
  const fields = [
    'name',
    'startsAt',
    'endsAt',
    'priority',
    ...draft.slots.map((_, at) => `slots.${String(at)}`),
  ];
  const rule: Record<PromotionKind, string[]> = {
    percent_off: draft.wholeBasket ? ['rate'] : ['items', 'rate'],
    amount_off: draft.wholeBasket ? ['amount'] : ['items', 'amount'],
    basket_threshold: ['minSpend', draft.offKind === 'percent' ? 'off.rate' : 'off.amount'],
    buy_x_get_y: ['buy', 'buyQuantity', 'getQuantity', 'getRate', ...(draft.getFromBuy ? [] : ['get'])],
    mix_match: ['items', 'quantity', 'price'],
    bundle_price: [
      'components',
      'price',
      ...draft.components.flatMap((_, at) => [
        `components.${String(at)}.items`,
        `components.${String(at)}.quantity`,
      ]),
    ],
    fixed_price: ['items', 'unitPrice'],
  };
  return new Set([...fields, ...rule[draft.kind].map((field) => `rule.${field}`)]);
}

/** Problems in words by field, the first problem of a field winning. */
export function errorsOf(problems: readonly PromotionProblem[], nameError: string | null): DraftErrors {
  const errors: DraftErrors = nameError ? { name: nameError } : {};
  for (const problem of problems) errors[problem.field] ??= problemWords(problem);
  return errors;
}

export function PromotionForm({
  deps,
  catalog,
  promotion,
  online,
  onDone,
  onCancel,
}: {
  deps: PromotionsDeps;
  catalog: PromotionCatalog;
  /** null: a new promotion. */
  promotion: PromotionRow | null;
  online: boolean;
  onDone: (message: string) => void;
  onCancel: () => void;
}) {
  const { t } = useLingui();
  const [draft, setDraft] = useState<PromotionDraft>(() =>
    promotion ? draftOfRow(promotion, deps.currency, deps.timeZone) : emptyDraft(),
  );
  const [errors, setErrors] = useState<DraftErrors>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const update = (change: Partial<PromotionDraft>) => {
    setDraft((current) => ({ ...current, ...change }));
  };
  const shown = fieldsShown(draft);
  const elsewhere = Object.entries(errors).filter(([field]) => !shown.has(field));
  const form: FormState = {
    draft,
    update,
    error: (field) => errors[field],
    currency: deps.currency,
    catalog,
  };

  const submit = async (event: SyntheticEvent) => {
    event.preventDefault();
    setRefusal(null);
    const checked = checkDraft(draft, deps.currency, deps.timeZone);
    if (!checked.ok) {
      setErrors(errorsOf(checked.problems, checked.nameError));
      return;
    }
    setErrors({});
    setBusy(true);
    const saved = await deps.book.save(
      deps.companyId,
      promotion?.id ?? null,
      promotionFields(checked.name, checked.promotion),
    );
    setBusy(false);
    if (!saved.ok) {
      if (saved.problem) setErrors(errorsOf([saved.problem], null));
      else setRefusal(saved.message);
      return;
    }
    const { name } = checked;
    onDone(promotion ? t`Saved "${name}".` : t`Added "${name}".`);
  };

  const promotionName = promotion?.name ?? '';
  const title = promotion ? t`Edit ${promotionName}` : t`New promotion`;
  return (
    <form
      className="promotion-form card"
      aria-label={title}
      onSubmit={(event) => {
        void submit(event);
      }}
      noValidate
    >
      <h2 className="card__title">{title}</h2>
      {!online ? (
        <Alert tone="warning">
          <Trans>
            Needs a connection: promotions and coupons are saved on the server. What you type here is kept.
          </Trans>
        </Alert>
      ) : null}
      {refusal ? <Alert>{refusal}</Alert> : null}
      {elsewhere.length > 0 ? (
        <Alert>
          {elsewhere.map(([field, words]) => (
            <p key={field}>{words}</p>
          ))}
        </Alert>
      ) : null}
      <div className="promotion-form__grid">
        <TextField
          label={t`Name`}
          name="name"
          value={draft.name}
          onChange={(name) => {
            update({ name });
          }}
          error={errors.name ?? null}
          isRequired
        />
        <SelectField
          label={t`Kind`}
          name="kind"
          value={draft.kind}
          onChange={(kind) => {
            const known = KINDS.find((each) => each === kind);
            if (known) update({ kind: known });
          }}
          options={KINDS.map((kind) => ({ value: kind, label: t(KIND_WORDS[kind]) }))}
        />
      </div>
      <section className="promotion-form__section" aria-label={t`What it gives`}>
        <RuleFields {...form} />
      </section>
      <section className="promotion-form__section" aria-label={t`When and for whom`}>
        <ScheduleFields {...form} />
      </section>
      <div className="promotion-form__actions">
        <Button type="submit" isDisabled={busy || !online}>
          {promotion ? <Trans>Save promotion</Trans> : <Trans>Add promotion</Trans>}
        </Button>
        <Button variant="secondary" onPress={onCancel}>
          <Trans>Cancel</Trans>
        </Button>
      </div>
    </form>
  );
}
