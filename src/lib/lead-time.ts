// A supplier's lead time in words, the same in the Suppliers panel and on the purchase lists.
export function leadTimeText(days: number): string {
  if (days === 0) return 'same day';
  return days === 1 ? '1 day' : `${String(days)} days`;
}
