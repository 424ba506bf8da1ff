// What Tillpoint is for, how it keeps selling offline and how it looks after a shop's data.
import { Link } from '@tanstack/react-router';
import { Trans } from '@lingui/react/macro';
import './public.css';

export function AboutPage() {
  return (
    <main id="main" className="prose-page">
      <h1>
        <Trans>About Tillpoint</Trans>
      </h1>
      <p className="prose-page__lead">
        <Trans>
          Tillpoint is a point of sale for shops, cafés and market stalls. Install it on a tablet at the
          counter, ring up sales, take cash or card, and review the day from any desktop.
        </Trans>
      </p>

      <h2>
        <Trans>What it does</Trans>
      </h2>
      <ul>
        <li>
          <Trans>
            Rings up sales by barcode or search, with split payments, change and printed receipts.
          </Trans>
        </li>
        <li>
          <Trans>Keeps your catalogue, prices, tax rates and stock levels in one place for every till.</Trans>
        </li>
        <li>
          <Trans>
            Tracks cash drawers by shift, and shows sales, best sellers and low stock to managers.
          </Trans>
        </li>
        <li>
          <Trans>Gives owners, managers and cashiers the access their role needs — and no more.</Trans>
        </li>
      </ul>

      <h2>
        <Trans>It keeps selling offline</Trans>
      </h2>
      <p>
        <Trans>
          Every sale is saved on the device first, in the same moment it is completed. When the internet
          drops, the till carries on: products, prices and customers are already on the device, and new sales
          queue up safely. When the connection returns, Tillpoint sends them to your shop&apos;s account in
          order — each sale exactly once, never lost and never counted twice. The bar at the top tells you
          whether you are offline and how many sales are still waiting to sync.
        </Trans>
      </p>

      <h2>
        <Trans>Your data is kept safe</Trans>
      </h2>
      <p>
        <Trans>
          Your shop&apos;s data lives in a PostgreSQL database where every row belongs to one company, and
          row-level security lets each person see only their own shop&apos;s data, as their role allows.
          Sign-in is handled by Supabase Auth, with optional two-step verification through an authenticator
          app. Recorded sales are never edited: corrections are refunds, so the history always adds up.
          Signing out never deletes sales that have not synced yet.
        </Trans>
      </p>

      <p>
        <Link to="/signup" className="button button--primary">
          <Trans>Get Started Free</Trans>
        </Link>
      </p>
    </main>
  );
}
