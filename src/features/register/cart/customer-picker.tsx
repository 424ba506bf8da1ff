// Attaching a customer to the cart: search the customers this device knows by name, phone or email, or make
// a new one on the spot (offline too: a `customer.upsert` op waits in the outbox). The cart keeps only the
// customer's id; the sale op carries it as customer_id.
import { Trans, useLingui } from '@lingui/react/macro';
import { nameProblem } from '../../../domain/name-text';
import { useEffect, useState, type SyntheticEvent } from 'react';
import { Alert } from '../../../ui/alert';
import { Dialog } from '../../../ui/dialog';
import { TextField } from '../../../ui/text-field';
import type { CustomerBook, CustomerSummary } from '../register-deps';

export interface CustomerPickerProps {
  book: CustomerBook;
  customerId: string | undefined;
  onChange: (customerId: string | undefined) => void;
}

function summaryOf(customer: CustomerSummary): string {
  return [customer.name, customer.phone, customer.email].filter(Boolean).join(' · ');
}

export function CustomerPicker({ book, customerId, onChange }: CustomerPickerProps) {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  const [attached, setAttached] = useState<CustomerSummary | null>(null);
  useEffect(() => {
    if (customerId === undefined) return;
    let live = true;
    void book.get(customerId).then((found) => {
      if (live) setAttached(found ?? { id: customerId, name: t`Customer`, phone: null, email: null });
    });
    return () => {
      live = false;
    };
  }, [book, customerId, t]);
  // A name read for an earlier customer is not shown for another (a resumed cart).
  const shown = attached?.id === customerId ? attached : null;
  const choose = (customer: CustomerSummary) => {
    setAttached(customer);
    setOpen(false);
    onChange(customer.id);
  };

  return (
    <div className="customer">
      {customerId !== undefined ? (
        <>
          <span className="customer__name" aria-label={t`Customer`}>
            {shown ? summaryOf(shown) : '…'}
          </span>
          <button
            type="button"
            className="button button--ghost"
            onClick={() => {
              onChange(undefined);
            }}
          >
            <Trans>Remove customer</Trans>
          </button>
        </>
      ) : (
        <button
          type="button"
          className="button button--secondary"
          onClick={() => {
            setOpen(true);
          }}
        >
          <Trans>Add customer</Trans>
        </button>
      )}
      <Dialog title={t`Customer`} isOpen={open} onOpenChange={setOpen}>
        <CustomerSearch book={book} onChoose={choose} />
        <NewCustomer book={book} onMade={choose} />
      </Dialog>
    </div>
  );
}

function CustomerSearch({ book, onChoose }: { book: CustomerBook; onChoose: (c: CustomerSummary) => void }) {
  const { t } = useLingui();
  const [query, setQuery] = useState('');
  const [found, setFound] = useState<readonly CustomerSummary[]>([]);
  useEffect(() => {
    let live = true;
    void book.search(query).then((answer) => {
      if (live) setFound(answer);
    });
    return () => {
      live = false;
    };
  }, [book, query]);
  return (
    <div className="customer__search">
      <TextField
        label={t`Find a customer`}
        name="customer-query"
        value={query}
        onChange={setQuery}
        autoFocus
      />
      {query.trim() !== '' && found.length === 0 ? (
        <p className="finder__empty">
          <Trans>No customer matches.</Trans>
        </p>
      ) : null}
      <ul className="customer__results" aria-label={t`Customers found`}>
        {found.map((customer) => (
          <li key={customer.id}>
            <button
              type="button"
              className="tile"
              onClick={() => {
                onChoose(customer);
              }}
            >
              {summaryOf(customer)}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}

function NewCustomer({ book, onMade }: { book: CustomerBook; onMade: (c: CustomerSummary) => void }) {
  const { t } = useLingui();
  const [name, setName] = useState('');
  const [phone, setPhone] = useState('');
  const [email, setEmail] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const submit = async (event: SyntheticEvent) => {
    event.preventDefault();
    if (name.trim() === '') {
      setProblem(t`A new customer needs a name.`);
      return;
    }
    // [INPUT-2] What the server would refuse is said here, before anything is queued.
    const refused = nameProblem(name, 'customer');
    if (refused !== null) {
      setProblem(refused);
      return;
    }
    const made = await book.create({ name, phone, email });
    if (made.ok) onMade(made.value);
    else setProblem(made.error.message);
  };
  return (
    <form className="customer__new" onSubmit={(event) => void submit(event)} noValidate>
      <h3 className="customer__heading">
        <Trans>New customer</Trans>
      </h3>
      {problem !== null ? <Alert>{problem}</Alert> : null}
      <TextField label={t`Name`} name="customer-name" value={name} onChange={setName} maxLength={200} />
      <TextField label={t`Phone`} name="customer-phone" value={phone} onChange={setPhone} maxLength={32} />
      <TextField label={t`Email`} name="customer-email" value={email} onChange={setEmail} type="email" />
      <div className="dialog__actions">
        <button type="submit" className="button button--primary">
          <Trans>Create customer</Trans>
        </button>
      </div>
    </form>
  );
}
