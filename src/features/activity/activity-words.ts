// An activity event in words: what happened, and the detail a till sent with it, for a manager reading the
// log. Tills describe events with a small JSON object; known fields read as sentences, others as "key: value".
import type { ActivityEvent, ActivityKind } from '../../data/remote/activity';

export const KIND_WORDS: Record<ActivityKind, string> = {
  switch: 'Cashier switch',
  lock: 'Till locked',
  pin_failed: 'Wrong PINs',
  pin_lockout: 'PIN lockout',
  lockout_cleared: 'Lockout cleared',
  approval: 'Manager approval',
  no_sale: 'No sale',
  line_voided: 'Line removed',
  shared_mode: 'Shared mode',
  scale_label: 'Scale label',
  modifier: 'Modifiers differ',
};

/** [SCALE-7] Why the server flagged a line rung up from a scale label. */
const LABEL_WORDS: Record<string, string> = {
  other_item: 'is for another item',
  other_weight: 'carries another weight',
  other_price: 'carries another price',
};

/** [MOD-6] How a sale's modifiers disagreed with the catalogue when it reached the server. */
const MODIFIER_ISSUE_WORDS: Record<string, string> = {
  price_changed: 'a modifier sold at an old price',
  option_unavailable: 'a modifier no longer on offer',
  group_not_on_product: 'a modifier the product does not use',
  choice_count: 'a group chosen too few or too many times',
};

const ACTION_WORDS: Record<string, string> = {
  refund: 'a refund',
  discount: 'a discount over the limit',
  price_override: 'a price override',
  line_removal: 'removing a line',
  no_sale: '‘No sale’',
  shift_difference: 'closing a shift with a difference',
  sell: 'who sold',
};

const LOCK_WORDS: Record<string, string> = {
  sale: 'after a sale',
  idle: 'after idle minutes',
  manual: 'on demand',
  shortcut: 'on demand',
  back_office: 'to open the back office',
};

/** [WORDS-5] How the log names people and amounts: the shop's staff by id, the shop's currency. */
export interface ActivityReader {
  /** A staff id's name; null when the shop's list does not have it. */
  nameOf: (staffId: string) => string | null;
  money: (minor: number) => string;
}

export const word = (value: unknown): string | null =>
  typeof value === 'string' || typeof value === 'number' ? String(value) : null;

/** Keys that only carry ids or machine detail: never shown ([WORDS-5]). */
const MACHINE_KEYS = new Set(['op', 'subject_id', 'passkey', 'proof', 'reason', 'problem', 'issues']);
const ID_LIKE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * [WORDS-5] The person an event is about: who did it, else the person a wrong PIN or a lockout was about
 * (a wrong PIN is logged before anyone is signed in, so its event has no staff id of its own).
 */
export function eventPersonId(event: ActivityEvent): string | null {
  return event.staffId ?? word(event.detail.staff_id) ?? word(event.detail.for);
}

/** The name of the person an event is about: the shop's staff list first, then the name the till wrote. */
function personName(event: ActivityEvent, reader: ActivityReader, fallback: string): string {
  const id = eventPersonId(event);
  return (id === null ? null : reader.nameOf(id)) ?? word(event.detail.name) ?? fallback;
}

/** Someone named by id only (an approver): their name, else a role-like word, never the id. */
function named(reader: ActivityReader, id: string | null, fallback: string): string {
  return (id === null ? null : reader.nameOf(id)) ?? fallback;
}

function count(value: unknown, one: string, many: string): string | null {
  const n = word(value);
  return n === null ? null : `${n} ${n === '1' ? one : many}`;
}

function sentence(event: ActivityEvent, reader: ActivityReader): string | null {
  const { detail } = event;
  const action = word(detail.action);
  const who = personName(event, reader, 'Someone');
  switch (event.kind) {
    case 'switch':
      return `${who} took over the till`;
    case 'approval': {
      const approver = named(reader, word(detail.by), who);
      const what = word(detail.what);
      const approved = action ? (ACTION_WORDS[action] ?? action.replace(/_/g, ' ')) : 'something';
      return `${approver} approved ${approved}${what ? `: ${what}` : ''}`;
    }
    case 'lock': {
      const reason = word(detail.reason);
      return `${who} locked the till${reason ? ` ${LOCK_WORDS[reason] ?? reason.replace(/_/g, ' ')}` : ''}`;
    }
    case 'pin_failed': {
      const misses = count(detail.misses ?? detail.tries ?? detail.attempts, 'wrong PIN', 'wrong PINs');
      return `${misses ?? 'Wrong PINs'} tried for ${who}${detail.misses !== undefined ? ' before the right one' : ''}`;
    }
    case 'pin_lockout': {
      const failures = count(detail.failures, 'wrong PIN', 'wrong PINs');
      const seconds = word(detail.seconds);
      return `${who} was locked out${failures ? ` after ${failures}` : ''}${seconds ? ` for ${seconds} s` : ''}`;
    }
    case 'lockout_cleared': {
      // The event is the manager's; the person locked out is in the detail, with the name the till wrote.
      const lockedId = word(detail.staff_id ?? detail.for);
      const locked = (lockedId === null ? null : reader.nameOf(lockedId)) ?? word(detail.name) ?? 'someone';
      const by = word(detail.by);
      const approver =
        by !== null && !ID_LIKE.test(by) ? by : named(reader, event.staffId ?? by, 'A manager');
      return `${approver} cleared the lockout of ${locked}`;
    }
    case 'line_voided': {
      const name = word(detail.name) ?? 'a line';
      const quantity = word(detail.quantity);
      const total = typeof detail.total === 'number' ? reader.money(detail.total) : null;
      const what = [quantity ? `${quantity} ×` : null, name].filter(Boolean).join(' ');
      return `${named(reader, event.staffId, 'Someone')} removed ${what} from the sale${total ? ` (${total})` : ''}`;
    }
    case 'shared_mode':
      return typeof detail.on === 'boolean' ? `Shared mode turned ${detail.on ? 'on' : 'off'}` : null;
    case 'no_sale':
      return `${named(reader, event.staffId, 'Someone')} opened the drawer without a sale`;
    case 'scale_label': {
      const [label, name, problem] = [word(detail.label), word(detail.name), word(detail.problem)];
      if (!label || !name || !problem) return null;
      const why = LABEL_WORDS[problem] ?? 'did not read with this shop’s scale layouts';
      return `Label ${label} on the line ${name} ${why}`;
    }
    case 'modifier': {
      const issues = Array.isArray(detail.issues) ? (detail.issues as unknown[]) : [];
      const kinds = [
        ...new Set(issues.map((issue) => word((issue as Record<string, unknown> | null)?.issue))),
      ].filter((kind): kind is string => kind !== null);
      return kinds.length > 0
        ? `Sale recorded with ${kinds.map((kind) => MODIFIER_ISSUE_WORDS[kind] ?? kind).join(', ')}`
        : null;
    }
  }
}

/** The fields each kind reads into its sentence, so they are not listed again. */
const READ: Readonly<Record<ActivityKind, readonly string[]>> = {
  switch: ['name'],
  approval: ['action', 'by', 'what'],
  lock: ['reason', 'name'],
  pin_failed: ['misses', 'tries', 'attempts', 'name', 'staff_id'],
  pin_lockout: ['failures', 'seconds', 'name', 'staff_id'],
  lockout_cleared: ['staff_id', 'for', 'name', 'by'],
  line_voided: ['name', 'quantity', 'total'],
  shared_mode: ['on'],
  no_sale: [],
  scale_label: ['label', 'name'],
  modifier: [],
};

/**
 * [WORDS-5] The detail column: the kind's sentence with names, then any other plain words the till sent
 * ("till note: ok"). Ids, objects and machine fields (op, subject id, a key's answer) never show.
 */
export function describeActivity(event: ActivityEvent, reader: ActivityReader): string {
  const read = new Set(READ[event.kind]);
  const rest = Object.entries(event.detail).flatMap(([key, value]) => {
    const text = word(value);
    if (read.has(key) || MACHINE_KEYS.has(key) || key.endsWith('_id') || text === null) return [];
    if (ID_LIKE.test(text)) return [];
    return [`${key.replace(/_/g, ' ')}: ${text}`];
  });
  const parts = [sentence(event, reader), ...rest].filter((part): part is string => part !== null);
  return parts.length > 0 ? parts.join('; ') : '—';
}
