// Insights' tabs and `?view=` (issue 34): apart from the page so the route's search check, which loads with the
// app, does not pull the page and its charts in with it.
export const INSIGHTS_VIEWS = [
  { value: 'sales', label: 'Sales' },
  { value: 'products', label: 'Products' },
  { value: 'inventory', label: 'Inventory' },
  { value: 'customers', label: 'Customers' },
  { value: 'staff', label: 'Staff' },
] as const;

export type InsightsView = (typeof INSIGHTS_VIEWS)[number]['value'];

/** `?view=` as the route reads it: a known tab, or none (Sales). */
export function insightsViewOf(value: unknown): InsightsView | undefined {
  return INSIGHTS_VIEWS.find((one) => one.value === value)?.value;
}
