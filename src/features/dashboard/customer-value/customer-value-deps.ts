// What the customer-value screen needs, as ports: the shop's currency and time zone, the server's reports
// (value-reports.ts) and a way to hand a file to the browser or print. The route builds them; tests pass fakes.
import type { ValueReports } from '../../../data/remote/value-reports';

export interface CustomerValueDeps {
  reports: ValueReports;
  /** ISO 4217. */
  currency: string;
  /** The shop's IANA zone: report days are the shop's. */
  timeZone: string;
  download: (name: string, content: string, type: string) => void;
  print: () => void;
}
