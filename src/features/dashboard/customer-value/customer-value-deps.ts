// What the customer-value screen needs, as ports: the shop's currency and time zone, the server's reports
// (value-reports.ts) and a way to hand a file to the browser or print. The route builds them; tests pass fakes.
import type { ValueAdjustAction } from '../../../data/ops/value-adjust';
import type { ValueReports } from '../../../data/remote/value-reports';
import type { Result } from '../../../domain/result';

export interface CustomerValueDeps {
  reports: ValueReports;
  /** ISO 4217. */
  currency: string;
  /** The shop's IANA zone: report days are the shop's. */
  timeZone: string;
  download: (name: string, content: string, type: string) => void;
  print: () => void;
  /**
   * [VAL-T60] Managers' and owners' corrections (void, adjust, block, unblock). Absent for anyone else, who
   * never sees the actions; the server refuses a cashier's without a manager's approval all the same.
   */
  adjust?: ValueAdjustPort;
}

export interface ValueAdjustRequest {
  accountId: string;
  action: ValueAdjustAction;
  /** For `adjust` only: signed minor units, or whole points on a loyalty account. */
  delta?: number;
  reason: string;
}

export interface ValueAdjustPort {
  /** Queues `value.adjust` on this device (the back office names the shop, no till); a refusal in words. */
  send: (request: ValueAdjustRequest) => Promise<Result<{ id: string }>>;
  /** When the op has left the device: null when the server took it, else why not, in words. */
  settled: (id: string) => Promise<string | null>;
}
