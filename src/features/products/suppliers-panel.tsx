// The Suppliers panel (issue 22, [INS-8]): whom the shop buys from and how many days a delivery takes, which
// Insights' purchase lists are split by. Managers and owners add, edit and remove suppliers; cashiers see the
// list with no buttons. Suppliers live on the server only (supplier-writes.ts), so the panel needs a
// connection to show them as well as to change them. Loaded lazily with the panel.
import { useState } from 'react';
import type { Supplier, SupplierFields } from '../../data/remote/supplier-writes';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { TextField } from '../../ui/text-field';
import { canEditProducts } from './products-deps';
import { leadTimeText } from '../../lib/lead-time';
import { checkSupplier, draftOfSupplier, NEW_SUPPLIER, type SupplierDraft } from './supplier-fields';
import type { PanelProps } from './use-products-live';
import { useServerWrite } from './use-server-write';
import { useSuppliers } from './use-suppliers';

export default function SuppliersPanel({ deps, catalog, online, onClose }: PanelProps) {
  const { list, reload } = useSuppliers(deps.suppliers, deps.companyId);
  const { message, busy, run, refuse } = useServerWrite(deps.syncNow);
  const editor = canEditProducts(deps.role);
  const disabled = !online || busy;
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
    <section className="card suppliers-panel" aria-label="Suppliers">
      <h2 className="card__title">Suppliers</h2>
      <p>
        Insights → Inventory splits the purchase list by supplier and orders with each one's lead time.
        {editor ? null : " You can see the shop's suppliers here; managers and owners change them."}
      </p>
      {!online ? (
        <Alert tone="warning">Suppliers need a connection: they are kept on the server.</Alert>
      ) : null}
      {message ? <Alert tone={message.tone}>{message.text}</Alert> : null}
      {list.state === 'loading' ? <p role="status">Loading suppliers…</p> : null}
      {list.state === 'failed' && online ? <Alert>{list.message}</Alert> : null}
      {list.state === 'ready' && suppliers.length === 0 ? <p>No suppliers yet.</p> : null}
      <ul className="suppliers-panel__list">
        {suppliers.map((supplier) => (
          <SupplierItem
            key={supplier.id}
            supplier={supplier}
            others={suppliers.filter((other) => other.id !== supplier.id)}
            editor={editor}
            disabled={disabled}
            refuse={refuse}
            onSave={(fields) =>
              write(() => deps.suppliers.update(supplier.id, fields), `Saved "${fields.name}".`)
            }
            onRemove={() => {
              const count = productCount(supplier);
              const released =
                count === 0
                  ? ''
                  : ` ${count === 1 ? 'Its product has' : `Its ${String(count)} products have`} no supplier now.`;
              return write(
                () => deps.suppliers.remove(supplier.id),
                `Removed "${supplier.name}".${released}`,
              );
            }}
          />
        ))}
      </ul>
      {editor && list.state === 'ready' ? (
        <NewSupplier
          suppliers={suppliers}
          disabled={disabled}
          refuse={refuse}
          onAdd={(fields) =>
            write(() => deps.suppliers.create(deps.companyId, fields), `Added "${fields.name}".`)
          }
        />
      ) : null}
      <Button variant="ghost" onPress={onClose}>
        Close suppliers
      </Button>
    </section>
  );
}

type Save = (fields: SupplierFields) => Promise<boolean>;

/** The four fields of a supplier, labelled after `which` ("New supplier's", or the supplier's name). */
function SupplierInputs({
  which,
  draft,
  onChange,
}: {
  which: string;
  draft: SupplierDraft;
  onChange: (draft: SupplierDraft) => void;
}) {
  const set = (field: keyof SupplierDraft) => (value: string) => {
    onChange({ ...draft, [field]: value });
  };
  return (
    <div className="suppliers-panel__fields">
      <TextField
        label={`${which} name`}
        name="supplier-name"
        value={draft.name}
        onChange={set('name')}
        maxLength={120}
      />
      <TextField
        label={`${which} email`}
        name="supplier-email"
        type="email"
        value={draft.email}
        onChange={set('email')}
      />
      <TextField label={`${which} phone`} name="supplier-phone" value={draft.phone} onChange={set('phone')} />
      <TextField
        label={`${which} lead time (days)`}
        name="supplier-lead"
        inputMode="numeric"
        value={draft.leadDays}
        onChange={set('leadDays')}
        description="Days from ordering to delivery; the purchase list orders for them."
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
      <legend>New supplier</legend>
      <SupplierInputs which="Supplier" draft={draft} onChange={setDraft} />
      <Button isDisabled={disabled} onPress={() => void add()}>
        Add supplier
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
        <SupplierInputs which={supplier.name} draft={draft} onChange={setDraft} />
        <Button isDisabled={disabled} onPress={() => void save()}>
          Save supplier
        </Button>
        <Button
          variant="ghost"
          onPress={() => {
            setDraft(null);
          }}
        >
          Cancel
        </Button>
      </li>
    );
  }
  const contact = [supplier.email, supplier.phone].filter((part) => part !== null).join(' · ');
  return (
    <li className="suppliers-panel__item">
      <span>
        <strong>{supplier.name}</strong> — lead time {leadTimeText(supplier.lead_time_days)}
        {contact === '' ? null : <span className="suppliers-panel__contact"> · {contact}</span>}
      </span>
      {editor ? (
        <>
          <Button
            variant="ghost"
            aria-label={`Edit ${supplier.name}`}
            onPress={() => {
              setDraft(draftOfSupplier(supplier));
            }}
          >
            Edit
          </Button>
          <Button
            variant="ghost"
            aria-label={`Remove ${supplier.name}`}
            isDisabled={disabled}
            onPress={() => void onRemove()}
          >
            Remove
          </Button>
        </>
      ) : null}
    </li>
  );
}
