// The card-payments function's answers: the functions' shared HTTP pieces, and Stripe's errors as the caller
// gets them.
import { HttpError } from '../_shared/http.ts';

export * from '../_shared/http.ts';

/** A Stripe API error, as the caller gets it: declines and bad requests keep Stripe's code. */
export function fromStripe(error: unknown): HttpError {
  const failure = error as { type?: string; code?: string; statusCode?: number; message?: string };
  if (failure.type === 'StripeConnectionError' || failure.statusCode === undefined) {
    return new HttpError(502, 'stripe_unreachable', 'Stripe could not be reached; try again.');
  }
  if (failure.statusCode === 401 || failure.statusCode === 403) {
    return new HttpError(502, 'stripe_not_configured', 'Stripe refused the shop’s secret key.');
  }
  if (failure.statusCode >= 500) return new HttpError(502, 'stripe_error', 'Stripe failed; try again.');
  return new HttpError(409, failure.code ?? 'stripe_error', failure.message ?? 'Stripe refused the request.');
}
