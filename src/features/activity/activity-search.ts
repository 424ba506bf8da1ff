// The activity log's filters as they stand in the address (`?till=…&person=…&kind=…&from=…&to=…`), so a
// filtered log can be linked to (the dashboard's unverified count does) and survives a reload; and the
// Flags list's own (`?flag=…&flagsSince=…&flagsPage=…`, linked to from the overview's count).
import { ACTIVITY_KINDS, type ActivityFilter, type ActivityKind } from '../../data/remote/activity';
import { isFlagKind, type FlagKind } from '../../data/remote/flags';
import { dayAfter, dayStart } from '../../lib/day-bounds';

export interface ActivitySearch {
  till?: string;
  person?: string;
  kind?: ActivityKind;
  /** Days as typed, "2026-11-26". */
  from?: string;
  to?: string;
  unverified?: true;
  /** 1-based. */
  page?: number;
  /** [FLAGUI-2] The Flags list: one kind, flags written since a day (shop's), its page (1-based). */
  flag?: FlagKind;
  flagsSince?: string;
  flagsPage?: number;
}

/** Fields as a filter sets them: undefined or empty means "not set". */
export type ActivitySearchPatch = { [K in keyof ActivitySearch]?: ActivitySearch[K] | '' | undefined };

/** Only the fields that are set, so the address carries nothing else. */
export function compactSearch(fields: ActivitySearchPatch): ActivitySearch {
  const set = Object.entries(fields).filter(([, value]) => value !== undefined && value !== '');
  return Object.fromEntries(set);
}

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value !== '' ? value : undefined;

export function validateActivitySearch(search: Record<string, unknown>): ActivitySearch {
  const kind = ACTIVITY_KINDS.find((value) => value === search.kind);
  const page = Number(search.page);
  const flagsPage = Number(search.flagsPage);
  return compactSearch({
    till: text(search.till),
    person: text(search.person),
    kind,
    from: text(search.from),
    to: text(search.to),
    unverified:
      search.unverified === true || search.unverified === '1' || search.unverified === 1 ? true : undefined,
    page: Number.isInteger(page) && page > 1 ? page : undefined,
    flag: isFlagKind(search.flag) ? search.flag : undefined,
    flagsSince: text(search.flagsSince),
    flagsPage: Number.isInteger(flagsPage) && flagsPage > 1 ? flagsPage : undefined,
  });
}

/** The filter for `search`, its days bounded in the shop's `zone`. */
export function activityFilter(search: ActivitySearch, zone?: string): ActivityFilter {
  const from = search.from ? dayStart(search.from, zone) : undefined;
  const to = search.to ? dayAfter(search.to, zone) : undefined;
  return {
    ...(search.till ? { terminalId: search.till } : {}),
    ...(search.person ? { staffId: search.person } : {}),
    ...(search.kind ? { kind: search.kind } : {}),
    ...(from ? { from } : {}),
    ...(to ? { to } : {}),
    ...(search.unverified ? { unverified: true } : {}),
  };
}
