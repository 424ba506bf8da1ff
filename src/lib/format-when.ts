// When something happened, as the back-office lists show it: the device's locale, short date and time.
export function formatWhen(iso: string): string {
  return new Date(iso).toLocaleString(undefined, { dateStyle: 'short', timeStyle: 'short' });
}
