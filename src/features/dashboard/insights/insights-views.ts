// Insights' tabs and `?view=` (issue 34): apart from the page so the route's search check, which loads with the
// app, does not pull the page and its charts in with it.
import { msg } from '@lingui/core/macro';
// The labels are descriptors (this module loads before the catalogue), translated where shown.
export const INSIGHTS_VIEWS = [
  { value: 'sales', label: msg`Sales` },
  { value: 'products', label: msg`Products` },
  { value: 'inventory', label: msg`Inventory` },
  { value: 'customers', label: msg`Customers` },
  { value: 'staff', label: msg`Staff` },
] as const;

export type InsightsView = (typeof INSIGHTS_VIEWS)[number]['value'];

/** `?view=` as the route reads it: a known tab, or none (Sales). */
export function insightsViewOf(value: unknown): InsightsView | undefined {
  return INSIGHTS_VIEWS.find((one) => one.value === value)?.value;
}
