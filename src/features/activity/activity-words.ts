// An activity event in words: what happened, and the detail a till sent with it, for a manager reading the
// log. Tills describe events with a small JSON object; known fields read as sentences, others as "key: value".
import { i18n, type MessageDescriptor } from '@lingui/core';
import { msg, plural, t } from '@lingui/core/macro';
import type { ActivityEvent, ActivityKind } from '../../data/remote/activity';

export const KIND_WORDS: Record<ActivityKind, MessageDescriptor> = {
  switch: msg`Cashier switch`,
  lock: msg`Till locked`,
  pin_failed: msg`Wrong PINs`,
  pin_lockout: msg`PIN lockout`,
  lockout_cleared: msg`Lockout cleared`,
  approval: msg`Manager approval`,
  no_sale: msg`No sale`,
  line_voided: msg`Line removed`,
  shared_mode: msg`Shared mode`,
  scale_label: msg`Scale label`,
  modifier: msg`Modifiers differ`,
  value_code_failed: msg`Wrong gift-card code`,
  value_status: msg`Card or account blocked`,
};

/** [SCALE-7] Why the server flagged a line rung up from a scale label: the whole sentence, per reason. */
function labelSentence(problem: string, label: string, name: string): string {
  switch (problem) {
    case 'other_item':
      return t`Label ${label} on the line ${name} is for another item`;
    case 'other_weight':
      return t`Label ${label} on the line ${name} carries another weight`;
    case 'other_price':
      return t`Label ${label} on the line ${name} carries another price`;
    default:
      return t`Label ${label} on the line ${name} did not read with this shop’s scale layouts`;
  }
}

/** [MOD-6] How a sale's modifiers disagreed with the catalogue when it reached the server. */
const MODIFIER_ISSUE_WORDS: Record<string, MessageDescriptor> = {
  price_changed: msg`a modifier sold at an old price`,
  option_unavailable: msg`a modifier no longer on offer`,
  group_not_on_product: msg`a modifier the product does not use`,
  choice_count: msg`a group chosen too few or too many times`,
};

const ACTION_WORDS: Record<string, MessageDescriptor> = {
  refund: msg`a refund`,
  discount: msg`a discount over the limit`,
  price_override: msg`a price override`,
  line_removal: msg`removing a line`,
  no_sale: msg`‘No sale’`,
  shift_difference: msg`closing a shift with a difference`,
  value_adjust: msg`adjusting a balance`,
  sell: msg`who sold`,
};

/** Why a till was locked: the whole sentence, per reason. */
function lockSentence(who: string, reason: string | null): string {
  switch (reason) {
    case null:
      return t`${who} locked the till`;
    case 'sale':
      return t`${who} locked the till after a sale`;
    case 'idle':
      return t`${who} locked the till after idle minutes`;
    case 'manual':
    case 'shortcut':
      return t`${who} locked the till on demand`;
    case 'back_office':
      return t`${who} locked the till to open the back office`;
    default: {
      const other = reason.replace(/_/g, ' ');
      return t`${who} locked the till ${other}`;
    }
  }
}

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

function wordsOf(table: Record<string, MessageDescriptor>, key: string): string {
  const descriptor = table[key];
  return descriptor ? i18n._(descriptor) : key.replace(/_/g, ' ');
}

function numberOf(value: unknown): number | null {
  const text = word(value);
  return text === null || !/^\d+$/.test(text) ? null : Number(text);
}

function pinFailedSentence(who: string, misses: number | null, beforeTheRightOne: boolean): string {
  if (misses === null) return t`Wrong PINs tried for ${who}`;
  return beforeTheRightOne
    ? plural(misses, {
        one: `# wrong PIN tried for ${who} before the right one`,
        other: `# wrong PINs tried for ${who} before the right one`,
      })
    : plural(misses, { one: `# wrong PIN tried for ${who}`, other: `# wrong PINs tried for ${who}` });
}

function lockoutSentence(who: string, failures: number | null, seconds: string | null): string {
  if (failures === null)
    return seconds === null ? t`${who} was locked out` : t`${who} was locked out for ${seconds} s`;
  return seconds === null
    ? plural(failures, {
        one: `${who} was locked out after # wrong PIN`,
        other: `${who} was locked out after # wrong PINs`,
      })
    : plural(failures, {
        one: `${who} was locked out after # wrong PIN for ${seconds} s`,
        other: `${who} was locked out after # wrong PINs for ${seconds} s`,
      });
}

function sentence(event: ActivityEvent, reader: ActivityReader): string | null {
  const { detail } = event;
  const action = word(detail.action);
  const who = personName(event, reader, t`Someone`);
  switch (event.kind) {
    case 'switch':
      return t`${who} took over the till`;
    case 'approval': {
      const approver = named(reader, word(detail.by), who);
      const what = word(detail.what);
      const approved = action ? wordsOf(ACTION_WORDS, action) : t`something`;
      return what ? t`${approver} approved ${approved}: ${what}` : t`${approver} approved ${approved}`;
    }
    case 'lock':
      return lockSentence(who, word(detail.reason));
    case 'pin_failed':
      return pinFailedSentence(
        who,
        numberOf(detail.misses ?? detail.tries ?? detail.attempts),
        detail.misses !== undefined,
      );
    case 'pin_lockout':
      return lockoutSentence(who, numberOf(detail.failures), word(detail.seconds));
    case 'lockout_cleared': {
      // The event is the manager's; the person locked out is in the detail, with the name the till wrote.
      const lockedId = word(detail.staff_id ?? detail.for);
      const locked = (lockedId === null ? null : reader.nameOf(lockedId)) ?? word(detail.name) ?? t`someone`;
      const by = word(detail.by);
      const approver =
        by !== null && !ID_LIKE.test(by) ? by : named(reader, event.staffId ?? by, t`A manager`);
      return t`${approver} cleared the lockout of ${locked}`;
    }
    case 'line_voided': {
      const name = word(detail.name) ?? t`a line`;
      const quantity = word(detail.quantity);
      const total = typeof detail.total === 'number' ? reader.money(detail.total) : null;
      const what = [quantity ? `${quantity} ×` : null, name].filter(Boolean).join(' ');
      const remover = named(reader, event.staffId, t`Someone`);
      return total
        ? t`${remover} removed ${what} from the sale (${total})`
        : t`${remover} removed ${what} from the sale`;
    }
    case 'shared_mode':
      if (typeof detail.on !== 'boolean') return null;
      return detail.on ? t`Shared mode turned on` : t`Shared mode turned off`;
    case 'no_sale': {
      const opener = named(reader, event.staffId, t`Someone`);
      return t`${opener} opened the drawer without a sale`;
    }
    case 'scale_label': {
      const [label, name, problem] = [word(detail.label), word(detail.name), word(detail.problem)];
      if (!label || !name || !problem) return null;
      return labelSentence(problem, label, name);
    }
    case 'modifier': {
      const issues = Array.isArray(detail.issues) ? (detail.issues as unknown[]) : [];
      const kinds = [
        ...new Set(issues.map((issue) => word((issue as Record<string, unknown> | null)?.issue))),
      ].filter((kind): kind is string => kind !== null);
      if (kinds.length === 0) return null;
      const list = kinds.map((kind) => wordsOf(MODIFIER_ISSUE_WORDS, kind)).join(', ');
      return t`Sale recorded with ${list}`;
    }
    case 'value_code_failed': {
      const typist = named(reader, event.staffId, t`Someone`);
      return t`${typist} typed or scanned a gift-card code that matched no card`;
    }
    case 'value_status': {
      const manager = named(reader, event.staffId, t`A manager`);
      const status = word(detail.status ?? detail.action);
      if (status === 'blocked' || status === 'block') return t`${manager} blocked a gift card or account`;
      if (status === 'active' || status === 'unblock') return t`${manager} unblocked a gift card or account`;
      return t`${manager} changed whether a gift card or account can be spent`;
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
  value_code_failed: ['length'],
  value_status: ['status', 'action'],
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
