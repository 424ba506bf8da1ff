// When, where and for whom a promotion runs ([PROMO-2], [PROMO-3]): its first and last day, weekly hours
// (days and from/to times, in the shop's time zone), stores, customers only, coupon only; and how it meets
// others ([PROMO-9]–[PROMO-11]): priority and whether it combines.
import { Trans, useLingui } from '@lingui/react/macro';
import { Button } from '../../../ui/button';
import { TextField } from '../../../ui/text-field';
import { Check, type FormState } from './form-parts';
import type { SlotDraft } from './promotion-draft';
import { weekdayNames } from './promotion-words';

function DateInput({
  label,
  value,
  onChange,
  error,
}: {
  label: string;
  value: string;
  onChange: (day: string) => void;
  error: string | undefined;
}) {
  return (
    <label className="field">
      <span className="field__label">{label}</span>
      <input
        type="date"
        className="field__input"
        value={value}
        aria-invalid={error ? true : undefined}
        onChange={(event) => {
          onChange(event.target.value);
        }}
      />
      {error ? (
        <span className="field__error" role="alert">
          {error}
        </span>
      ) : null}
    </label>
  );
}

function SlotFields({
  slot,
  at,
  onChange,
  onRemove,
  error,
}: {
  slot: SlotDraft;
  at: number;
  onChange: (slot: SlotDraft) => void;
  onRemove: () => void;
  error: string | undefined;
}) {
  const { t } = useLingui();
  const names = weekdayNames();
  const n = at + 1;
  return (
    <fieldset className="promotion-form__slot">
      <legend className="field__label">
        <Trans>Hours {n}</Trans>
      </legend>
      <div className="promotion-form__days">
        {names.map((name, index) => {
          const day = index + 1;
          return (
            <label key={day} className="promotion-form__day">
              <input
                type="checkbox"
                checked={slot.days.includes(day)}
                onChange={(event) => {
                  onChange({
                    ...slot,
                    days: event.target.checked ? [...slot.days, day] : slot.days.filter((d) => d !== day),
                  });
                }}
              />{' '}
              {name}
            </label>
          );
        })}
      </div>
      <div className="promotion-form__times">
        <TextField
          label={t`From (hh:mm)`}
          name={`slot-${String(n)}-from`}
          value={slot.from}
          placeholder="16:00"
          onChange={(from) => {
            onChange({ ...slot, from });
          }}
        />
        <TextField
          label={t`To (hh:mm)`}
          name={`slot-${String(n)}-to`}
          value={slot.to}
          placeholder="18:00"
          onChange={(to) => {
            onChange({ ...slot, to });
          }}
        />
        <Button variant="secondary" onPress={onRemove}>
          <Trans>Remove hours {n}</Trans>
        </Button>
      </div>
      {error ? (
        <p className="field__error" role="alert">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

export function ScheduleFields({ draft, update, error, catalog }: FormState) {
  const { t } = useLingui();
  const setSlot = (at: number, slot: SlotDraft) => {
    update({ slots: draft.slots.map((current, index) => (index === at ? slot : current)) });
  };
  return (
    <>
      <div className="promotion-form__grid">
        <DateInput
          label={t`First day`}
          value={draft.startsOn}
          onChange={(startsOn) => {
            update({ startsOn });
          }}
          error={error('startsAt')}
        />
        <DateInput
          label={t`Last day`}
          value={draft.endsOn}
          onChange={(endsOn) => {
            update({ endsOn });
          }}
          error={error('endsAt')}
        />
      </div>
      <p className="field__hint">
        <Trans>Leave a day empty for no limit. Hours are the shop's; with none, it runs all day.</Trans>
      </p>
      {draft.slots.map((slot, at) => (
        <SlotFields
          key={at}
          slot={slot}
          at={at}
          onChange={(value) => {
            setSlot(at, value);
          }}
          onRemove={() => {
            update({ slots: draft.slots.filter((_, index) => index !== at) });
          }}
          error={error(`slots.${String(at)}`)}
        />
      ))}
      <Button
        variant="secondary"
        onPress={() => {
          update({ slots: [...draft.slots, { days: [1, 2, 3, 4, 5], from: '', to: '' }] });
        }}
      >
        <Trans>Add hours</Trans>
      </Button>
      {catalog.stores.length > 1 ? (
        <fieldset className="promotion-form__stores">
          <legend className="field__label">
            <Trans>Stores</Trans>
          </legend>
          {catalog.stores.map((store) => (
            <Check
              key={store.id}
              label={store.name}
              checked={draft.storeIds.includes(store.id)}
              onChange={(checked) => {
                update({
                  storeIds: checked
                    ? [...draft.storeIds, store.id]
                    : draft.storeIds.filter((id) => id !== store.id),
                });
              }}
            />
          ))}
          <p className="field__hint">
            <Trans>None chosen: every store.</Trans>
          </p>
        </fieldset>
      ) : null}
      <Check
        label={t`Only for customers attached to the sale`}
        checked={draft.customersOnly}
        onChange={(customersOnly) => {
          update({ customersOnly });
        }}
      />
      <Check
        label={t`Only with a coupon code`}
        checked={draft.couponOnly}
        onChange={(couponOnly) => {
          update({ couponOnly });
        }}
      />
      <Check
        label={t`Combines with other promotions`}
        checked={draft.combinable}
        onChange={(combinable) => {
          update({ combinable });
        }}
        hint={t`Off: it never shares an item with another promotion, and the best deal for the customer wins.`}
      />
      <TextField
        label={t`Priority`}
        name="priority"
        inputMode="numeric"
        description={t`Lower goes first, 0 to 10000.`}
        value={draft.priority}
        onChange={(priority) => {
          update({ priority });
        }}
        error={error('priority') ?? null}
      />
    </>
  );
}
