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

/** The fields read into the sentence, so they are not listed again as "key: value". */
const READ = new Set([
  'action',
  'reason',
  'tries',
  'attempts',
  'seconds',
  'on',
  'name',
  'staff_id',
  'for',
  'problem',
  'label',
  'issues',
]);

const word = (value: unknown) =>
  typeof value === 'string' || typeof value === 'number' ? String(value) : null;

function sentence(event: ActivityEvent, nameOf: (staffId: string | null) => string): string | null {
  const { detail } = event;
  const action = word(detail.action);
  switch (event.kind) {
    case 'approval':
      return action ? `Approved ${ACTION_WORDS[action] ?? action}` : null;
    case 'lock': {
      const reason = word(detail.reason);
      return reason ? `Locked ${LOCK_WORDS[reason] ?? reason}` : null;
    }
    case 'pin_failed': {
      const tries = word(detail.tries ?? detail.attempts);
      return tries ? `${tries} wrong PINs in a row` : null;
    }
    case 'pin_lockout': {
      const seconds = word(detail.seconds);
      return seconds ? `Locked out for ${seconds} s` : null;
    }
    case 'lockout_cleared': {
      const whose = word(detail.staff_id ?? detail.for);
      return whose ? `Cleared the lockout of ${nameOf(whose)}` : null;
    }
    case 'line_voided': {
      const name = word(detail.name);
      return name ? `Removed ${name}` : null;
    }
    case 'shared_mode':
      return typeof detail.on === 'boolean' ? `Shared mode turned ${detail.on ? 'on' : 'off'}` : null;
    case 'no_sale':
      return 'Drawer opened without a sale';
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
    case 'switch':
      return null;
  }
}

/** The detail column: the kind's sentence, then any other fields the till sent. */
export function describeActivity(event: ActivityEvent, nameOf: (staffId: string | null) => string): string {
  const rest = Object.entries(event.detail)
    .filter(([key]) => !READ.has(key))
    .map(([key, value]) => `${key.replace(/_/g, ' ')}: ${word(value) ?? JSON.stringify(value)}`);
  const parts = [sentence(event, nameOf), ...rest].filter((part): part is string => part !== null);
  return parts.length > 0 ? parts.join('; ') : '—';
}
