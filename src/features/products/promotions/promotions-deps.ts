// What the promotions screen needs, as ports: the shop (company, currency, time zone, the viewer's role), this
// device's mirror (products, categories and stores to choose from, offline too), the promotions and coupons on
// the server (promotion-writes.ts), the report's figures (promotion-report.ts, one swappable function), a
// random source for coupon codes and a way to hand a file to the browser. The route builds them; tests pass
// fakes.
import type { MirrorDb } from '../../../data/local/mirror-db';
import type { MemberRole } from '../../../data/remote/memberships';
import type { PromotionFigures } from '../../../data/remote/promotion-report';
import type { PromotionBook } from '../../../data/remote/promotion-writes';
import type { RandomBytes } from '../../../domain/promotions/coupon-codes';
import type { Result } from '../../../domain/result';

export interface PromotionsDeps {
  mirror: MirrorDb;
  companyId: string;
  /** ISO 4217: amounts are typed and shown in it. */
  currency: string;
  /** The shop's IANA zone: a promotion's days and hours are the shop's. */
  timeZone: string;
  role: MemberRole;
  book: PromotionBook;
  /** Figures per promotion for sales in [from, to) (ISO instants). */
  report: (from: string, to: string) => Promise<Result<PromotionFigures[]>>;
  /** crypto.getRandomValues in the app. */
  random: RandomBytes;
  download: (name: string, content: string, type: string) => void;
}

export function canEditPromotions(role: MemberRole): boolean {
  return role === 'owner' || role === 'manager';
}
