// The Suppliers panel (issue 22, [INS-8]): whom the shop buys from and how many days a delivery takes, which
// Insights' purchase lists are split by. Managers and owners add, edit and remove suppliers; cashiers see the
// list with no buttons. Suppliers live on the server only (supplier-writes.ts), so the panel needs a
// connection to show them as well as to change them. Loaded lazily with the panel.
import { plural } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import type { Supplier, SupplierFields } from '../../data/remote/supplier-writes';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { TextField } from '../../ui/text-field';
import { canEditProducts } from './products-deps';
import { checkSupplier, draftOfSupplier, NEW_SUPPLIER, type SupplierDraft } from './supplier-fields';
import type { PanelProps } from './use-products-live';
import { useServerWrite } from './use-server-write';
import { useSuppliers } from './use-suppliers';

export default function SuppliersPanel({ deps, catalog, online, onClose }: PanelProps) {
  const { list, reload } = useSuppliers(deps.suppliers, deps.companyId);
  const { message, busy, run, refuse } = useServerWrite(deps.syncNow);
  const editor = canEditProducts(deps.role);
  const disabled = !online || busy;
  const { t } = useLingui();
  const suppliers = list.state === 'ready' ? list.suppliers : [];
  /** Runs a write; on success reads the list again, as the panel's list comes from the server. */
  const write = async (request: Parameters<typeof run>[0], done: string) => {
    const made = await run(request, done);
    if (made) reload();
    return made;
  };
  const productCount = (supplier: Supplier) =>
    catalog.products.filter((product) => product.supplier_id === supplier.id).length;

  return (
    <section className="card suppliers-panel" aria-label={t`Suppliers`}>
      <h2 className="card__title">
        <Trans>Suppliers</Trans>
      </h2>
      <p>
        <Trans>
          Insights → Inventory splits the purchase list by supplier and orders with each one's lead time.
        </Trans>
        {editor ? null : (
          <>
            {' '}
            <Trans>You can see the shop's suppliers here; managers and owners change them.</Trans>
          </>
        )}
      </p>
      {!online ? (
        <Alert tone="warning">
          <Trans>Suppliers need a connection: they are kept on the server.</Trans>
        </Alert>
      ) : null}
      {message ? <Alert tone={message.tone}>{message.text}</Alert> : null}
      {list.state === 'loading' ? (
        <p role="status">
          <Trans>Loading suppliers…</Trans>
        </p>
      ) : null}
      {list.state === 'failed' && online ? <Alert>{list.message}</Alert> : null}
      {list.state === 'ready' && suppliers.length === 0 ? (
        <p>
          <Trans>No suppliers yet.</Trans>
        </p>
      ) : null}
      <ul className="suppliers-panel__list">
        {suppliers.map((supplier) => (
          <SupplierItem
            key={supplier.id}
            supplier={supplier}
            others={suppliers.filter((other) => other.id !== supplier.id)}
            editor={editor}
            disabled={disabled}
            refuse={refuse}
            onSave={(fields) => {
              const { name } = fields;
              return write(() => deps.suppliers.update(supplier.id, fields), t`Saved "${name}".`);
            }}
            onRemove={() => {
              const count = productCount(supplier);
              const { name } = supplier;
              const removed =
                count === 0
                  ? t`Removed "${name}".`
                  : plural(count, {
                      one: `Removed "${name}". Its product has no supplier now.`,
                      other: `Removed "${name}". Its # products have no supplier now.`,
                    });
              return write(() => deps.suppliers.remove(supplier.id), removed);
            }}
          />
        ))}
      </ul>
      {editor && list.state === 'ready' ? (
        <NewSupplier
          suppliers={suppliers}
          disabled={disabled}
          refuse={refuse}
          onAdd={(fields) => {
            const { name } = fields;
            return write(() => deps.suppliers.create(deps.companyId, fields), t`Added "${name}".`);
          }}
        />
      ) : null}
      <Button variant="ghost" onPress={onClose}>
        <Trans>Close suppliers</Trans>
      </Button>
    </section>
  );
}

type Save = (fields: SupplierFields) => Promise<boolean>;

/** The four fields of a supplier, labelled after `which`: a new supplier, or the supplier's name. */
function SupplierInputs({
  which,
  draft,
  onChange,
}: {
  which: { kind: 'new' } | { kind: 'edit'; name: string };
  draft: SupplierDraft;
  onChange: (draft: SupplierDraft) => void;
}) {
  const { t } = useLingui();
  // Whole labels per case: "Supplier name", "Fresh Fields name" read differently in other languages.
  const name = which.kind === 'edit' ? which.name : '';
  const labels =
    which.kind === 'new'
      ? {
          name: t`Supplier name`,
          email: t`Supplier email`,
          phone: t`Supplier phone`,
          lead: t`Supplier lead time (days)`,
        }
      : {
          name: t`${name} name`,
          email: t`${name} email`,
          phone: t`${name} phone`,
          lead: t`${name} lead time (days)`,
        };
  const set = (field: keyof SupplierDraft) => (value: string) => {
    onChange({ ...draft, [field]: value });
  };
  return (
    <div className="suppliers-panel__fields">
      <TextField
        label={labels.name}
        name="supplier-name"
        value={draft.name}
        onChange={set('name')}
        maxLength={120}
      />
      <TextField
        label={labels.email}
        name="supplier-email"
        type="email"
        value={draft.email}
        onChange={set('email')}
      />
      <TextField label={labels.phone} name="supplier-phone" value={draft.phone} onChange={set('phone')} />
      <TextField
        label={labels.lead}
        name="supplier-lead"
        inputMode="numeric"
        value={draft.leadDays}
        onChange={set('leadDays')}
        description={t`Days from ordering to delivery; the purchase list orders for them.`}
      />
    </div>
  );
}

function NewSupplier({
  suppliers,
  disabled,
  refuse,
  onAdd,
}: {
  suppliers: Supplier[];
  disabled: boolean;
  refuse: (text: string) => void;
  onAdd: Save;
}) {
  const [draft, setDraft] = useState<SupplierDraft>(NEW_SUPPLIER);
  const add = async () => {
    const checked = checkSupplier(draft, suppliers);
    if (!checked.ok) {
      refuse(checked.error.message);
      return;
    }
    if (await onAdd(checked.value)) setDraft(NEW_SUPPLIER);
  };
  return (
    <fieldset className="suppliers-panel__new">
      <legend>
        <Trans>New supplier</Trans>
      </legend>
      <SupplierInputs which={{ kind: 'new' }} draft={draft} onChange={setDraft} />
      <Button isDisabled={disabled} onPress={() => void add()}>
        <Trans>Add supplier</Trans>
      </Button>
    </fieldset>
  );
}

function SupplierItem({
  supplier,
  others,
  editor,
  disabled,
  refuse,
  onSave,
  onRemove,
}: {
  supplier: Supplier;
  others: Supplier[];
  editor: boolean;
  disabled: boolean;
  refuse: (text: string) => void;
  onSave: Save;
  onRemove: () => Promise<boolean>;
}) {
  const [draft, setDraft] = useState<SupplierDraft | null>(null);
  const { t } = useLingui();
  if (draft !== null) {
    const save = async () => {
      const checked = checkSupplier(draft, others);
      if (!checked.ok) {
        refuse(checked.error.message);
        return;
      }
      if (await onSave(checked.value)) setDraft(null);
    };
    return (
      <li className="suppliers-panel__item">
        <SupplierInputs which={{ kind: 'edit', name: supplier.name }} draft={draft} onChange={setDraft} />
        <Button isDisabled={disabled} onPress={() => void save()}>
          <Trans>Save supplier</Trans>
        </Button>
        <Button
          variant="ghost"
          onPress={() => {
            setDraft(null);
          }}
        >
          <Trans>Cancel</Trans>
        </Button>
      </li>
    );
  }
  const contact = [supplier.email, supplier.phone].filter((part) => part !== null).join(' · ');
  const name = supplier.name;
  const days = supplier.lead_time_days;
  return (
    <li className="suppliers-panel__item">
      <span>
        <strong>{name}</strong>{' '}
        <Plural value={days} _0="— lead time same day" one="— lead time # day" other="— lead time # days" />
        {contact === '' ? null : <span className="suppliers-panel__contact"> · {contact}</span>}
      </span>
      {editor ? (
        <>
          <Button
            variant="ghost"
            aria-label={t`Edit ${name}`}
            onPress={() => {
              setDraft(draftOfSupplier(supplier));
            }}
          >
            <Trans>Edit</Trans>
          </Button>
          <Button
            variant="ghost"
            aria-label={t`Remove ${name}`}
            isDisabled={disabled}
            onPress={() => void onRemove()}
          >
            <Trans>Remove</Trans>
          </Button>
        </>
      ) : null}
    </li>
  );
}
