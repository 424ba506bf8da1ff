// The sales screen's filters: a date range, terminal, cashier, kind and sync state, as the fields a person
// set and as the filter the list and the server read.
import { useLingui } from '@lingui/react/macro';
import { DayField } from '../../ui/day-field';
import type { SyncState } from '../../data/local/ledger-types';
import { dayAfter, dayStart } from '../../lib/day-bounds';
import { SelectField } from '../../ui/select-field';
import { SYNC_STATE_WORDS } from '../../ui/sync-state-words';
import type { SalesFilter } from './sale-rows';

export interface FilterFields {
  from: string;
  to: string;
  terminal: string;
  cashier: string;
  kind: string;
  state: string;
}

const STATES: SyncState[] = ['synced', 'pending', 'attention'];

/** The filter for `fields`, its days bounded in the shop's `zone`. */
export function toFilter(fields: FilterFields, zone?: string): SalesFilter {
  const from = dayStart(fields.from, zone);
  const to = dayAfter(fields.to, zone);
  const state = STATES.find((value) => value === fields.state);
  return {
    ...(from ? { from } : {}),
    ...(to ? { to } : {}),
    ...(fields.terminal ? { terminalId: fields.terminal } : {}),
    ...(fields.cashier ? { cashierId: fields.cashier } : {}),
    ...(fields.kind === 'sale' || fields.kind === 'refund' ? { kind: fields.kind } : {}),
    ...(state ? { state } : {}),
  };
}

interface Option {
  value: string;
  label: string;
}

export function SalesFilters({
  fields,
  onChange,
  terminals,
  cashiers,
}: {
  fields: FilterFields;
  onChange: (fields: FilterFields) => void;
  terminals: Option[];
  cashiers: Option[];
}) {
  const { t } = useLingui();
  const set = (key: keyof FilterFields) => (value: string) => {
    onChange({ ...fields, [key]: value });
  };
  return (
    <div className="sales-filters" role="group" aria-label={t`Filter sales`}>
      <DayField label={t`From`} value={fields.from} onChange={set('from')} />
      <DayField label={t`To`} value={fields.to} onChange={set('to')} />
      <SelectField
        label={t`Terminal`}
        name="terminal"
        value={fields.terminal}
        onChange={set('terminal')}
        options={[{ value: '', label: t`Any terminal` }, ...terminals]}
      />
      <SelectField
        label={t`Cashier`}
        name="cashier"
        value={fields.cashier}
        onChange={set('cashier')}
        options={[{ value: '', label: t`Any cashier` }, ...cashiers]}
      />
      <SelectField
        label={t`Kind`}
        name="kind"
        value={fields.kind}
        onChange={set('kind')}
        options={[
          { value: '', label: t`Sales and refunds` },
          { value: 'sale', label: t`Sales` },
          { value: 'refund', label: t`Refunds` },
        ]}
      />
      <SelectField
        label={t`State`}
        name="state"
        value={fields.state}
        onChange={set('state')}
        options={[
          { value: '', label: t`Any state` },
          { value: 'synced', label: SYNC_STATE_WORDS.synced },
          { value: 'pending', label: SYNC_STATE_WORDS.pending },
          { value: 'attention', label: SYNC_STATE_WORDS.attention },
        ]}
      />
    </div>
  );
}
