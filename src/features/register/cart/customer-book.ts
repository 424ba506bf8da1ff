// The customers the register can attach to a sale: the company's customers in the mirror plus the ones this
// device made (the ledger, not yet pulled back), searched in memory by name, phone or email; and new ones
// made offline through `upsertCustomer` (a `customer.upsert` op in the outbox).
import { foldText } from '../../../domain/product-search';
import type { CommandDeps } from '../../../data/local/command-deps';
import type { MirrorDb, MirrorRow } from '../../../data/local/mirror-db';
import { companyRows } from '../../../data/local/mirror-reads';
import { upsertCustomer } from '../../../data/ops/customer-upsert';
import type { CustomerBook, CustomerSummary } from '../register-deps';

const SEARCH_LIMIT = 20;

function text(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}

function fromMirror(row: MirrorRow): CustomerSummary | null {
  const name = text(row.name);
  if (name === null || row.deleted_at) return null;
  return { id: row.id, name, phone: text(row.phone), email: text(row.email) };
}

interface Entry {
  customer: CustomerSummary;
  haystack: string;
}

function entryOf(customer: CustomerSummary): Entry {
  const phoneDigits = customer.phone?.replace(/[^0-9+]/g, '') ?? '';
  const parts = [customer.name, customer.email ?? '', customer.phone ?? '', phoneDigits];
  return { customer, haystack: foldText(parts.join(' ')) };
}

export function makeCustomerBook(sources: {
  commandDeps: CommandDeps;
  mirror: MirrorDb;
  companyId: string;
}): CustomerBook {
  const { commandDeps, mirror, companyId } = sources;
  // Read once per register visit (20,000 customers is a few ms to scan); new ones join the map.
  let loading: Promise<Map<string, Entry>> | null = null;
  const load = () =>
    (loading ??= (async () => {
      const [pulled, local] = await Promise.all([
        companyRows(mirror, 'customers', companyId),
        commandDeps.ledger.customers.where('company_id').equals(companyId).toArray(),
      ]);
      const entries = new Map<string, Entry>();
      for (const row of pulled) {
        const customer = fromMirror(row);
        if (customer) entries.set(customer.id, entryOf(customer));
      }
      // What this device wrote is newer than what it last pulled.
      for (const row of local) {
        entries.set(row.id, entryOf({ id: row.id, name: row.name, phone: row.phone, email: row.email }));
      }
      return entries;
    })());

  return {
    search: async (query) => {
      const words = foldText(query).trim().split(/\s+/).filter(Boolean);
      if (words.length === 0) return [];
      const found: CustomerSummary[] = [];
      for (const entry of (await load()).values()) {
        if (words.every((word) => entry.haystack.includes(word))) found.push(entry.customer);
      }
      return found.sort((a, b) => a.name.localeCompare(b.name)).slice(0, SEARCH_LIMIT);
    },
    get: async (id) => (await load()).get(id)?.customer,
    create: async (input) => {
      const optional = (value: string) => (value.trim() === '' ? null : value.trim());
      const made = await upsertCustomer(commandDeps, {
        args: {
          company_id: companyId,
          name: input.name,
          phone: optional(input.phone),
          email: optional(input.email),
        },
        current: null,
      });
      if (!made.ok) return made;
      const customer = {
        id: made.value.id,
        name: made.value.name,
        phone: made.value.phone,
        email: made.value.email,
      };
      (await load()).set(customer.id, entryOf(customer));
      return { ok: true, value: customer };
    },
  };
}
