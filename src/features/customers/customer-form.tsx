// Creating or editing a customer, offline: the fields are checked with the domain's own rules ([CUST-1]),
// then recorded through `customer.upsert`, which queues one op — for an edit carrying only what changed
// (an emptied field is sent as cleared).
import { t } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { cleanName, nameProblem } from '../../domain/name-text';
import { useState } from 'react';
import { upsertCustomer } from '../../data/ops/customer-upsert';
import { customerEmail, customerPhone } from '../../domain/customer-upsert';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { TextField } from '../../ui/text-field';
import type { CustomerRow } from './customer-rows';
import type { CustomersDeps } from './customers-deps';

type Field = 'name' | 'email' | 'phone' | 'note';
type Values = Record<Field, string>;

const FIELDS: Field[] = ['name', 'email', 'phone', 'note'];

function check(values: Values): Partial<Record<Field, string>> {
  const errors: Partial<Record<Field, string>> = {};
  const refused = nameProblem(values.name, 'customer');
  if (values.name.trim() === '') errors.name = t`A customer needs a name.`;
  else if (refused !== null) errors.name = refused;
  else if (cleanName(values.name).length > 200) errors.name = t`A name has at most 200 characters.`;
  const email = customerEmail.safeParse(values.email);
  if (values.email.trim() !== '' && !email.success)
    errors.email = email.error.issues[0]?.message ?? t`Invalid.`;
  const phone = customerPhone.safeParse(values.phone);
  if (values.phone.trim() !== '' && !phone.success)
    errors.phone = phone.error.issues[0]?.message ?? t`Invalid.`;
  if (values.note.length > 2000) errors.note = t`A note has at most 2000 characters.`;
  return errors;
}

/** For a new customer every filled field; for an edit only the changed ones, an emptied one as null. */
export function changedFields(
  values: Values,
  current: CustomerRow | null,
): Partial<Record<Field, string | null>> {
  const changes: Partial<Record<Field, string | null>> = {};
  for (const field of FIELDS) {
    const value = values[field].trim() === '' ? null : values[field].trim();
    if (current === null ? value !== null : value !== current[field]) changes[field] = value;
  }
  return changes;
}

export function CustomerForm({
  deps,
  current,
  onSaved,
  onCancel,
}: {
  deps: CustomersDeps;
  current: CustomerRow | null;
  onSaved: (customerId: string) => void;
  onCancel: () => void;
}) {
  const [values, setValues] = useState<Values>({
    name: current?.name ?? '',
    email: current?.email ?? '',
    phone: current?.phone ?? '',
    note: current?.note ?? '',
  });
  const { t } = useLingui();
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const set = (field: Field) => (value: string) => {
    setValues((all) => ({ ...all, [field]: value }));
  };

  const submit = async () => {
    const found = check(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const changes = changedFields(values, current);
    if (current !== null && Object.keys(changes).length === 0) {
      onSaved(current.id);
      return;
    }
    const { name, ...rest } = changes;
    const result = await upsertCustomer(deps.commandDeps, {
      args: {
        ...rest,
        ...(name ? { name } : {}),
        ...(current ? { id: current.id } : {}),
        company_id: deps.companyId,
      },
      current: current
        ? {
            id: current.id,
            company_id: current.company_id,
            name: current.name,
            email: current.email,
            phone: current.phone,
            note: current.note,
          }
        : null,
    });
    if (!result.ok) {
      setProblem(result.error.message);
      return;
    }
    onSaved(result.value.id);
  };

  const currentName = current?.name ?? '';
  return (
    <form
      className="customer-form"
      noValidate
      aria-label={current ? t`Edit ${currentName}` : t`New customer`}
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <TextField
        label={t`Name`}
        name="name"
        value={values.name}
        onChange={set('name')}
        error={errors.name ?? null}
        isRequired
      />
      <TextField
        label={t`Email`}
        name="email"
        type="email"
        value={values.email}
        onChange={set('email')}
        error={errors.email ?? null}
      />
      <TextField
        label={t`Phone`}
        name="phone"
        value={values.phone}
        onChange={set('phone')}
        error={errors.phone ?? null}
      />
      <TextField
        label={t`Note`}
        name="note"
        value={values.note}
        onChange={set('note')}
        error={errors.note ?? null}
      />
      {problem ? <Alert>{problem}</Alert> : null}
      <div className="button-row">
        <Button type="submit">{current ? t`Save changes` : t`Add customer`}</Button>
        <Button variant="ghost" onPress={onCancel}>
          <Trans>Cancel</Trans>
        </Button>
      </div>
    </form>
  );
}
