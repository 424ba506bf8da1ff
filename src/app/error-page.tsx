// What a route shows when it throws, and the page for an unknown address: plain words and a way on.
import { Link, useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { Trans } from '@lingui/react/macro';

export function ErrorPage({ error, reset }: ErrorComponentProps) {
  const router = useRouter();
  const message = error instanceof Error ? error.message : String(error);
  return (
    <main className="status-page" id="main">
      <h1>
        <Trans>Something went wrong</Trans>
      </h1>
      <p>
        <Trans>This screen could not be shown. Your sales and other work on this device are safe.</Trans>
      </p>
      {message ? <p className="status-page__detail">{message}</p> : null}
      <div className="status-page__actions">
        {/* A plain button: this page is in the first screen's code, and react-aria's Button is ≈ 14 KB gzip. */}
        <button
          type="button"
          className="button button--primary"
          onClick={() => {
            reset();
            void router.invalidate();
          }}
        >
          <Trans>Try again</Trans>
        </button>
        <Link to="/" className="button button--secondary">
          <Trans>Go to the home page</Trans>
        </Link>
      </div>
    </main>
  );
}

export function NotFoundPage() {
  return (
    <main className="status-page" id="main">
      <h1>
        <Trans>Page not found</Trans>
      </h1>
      <p>
        <Trans>There is nothing at this address. It may have moved, or the link may be mistyped.</Trans>
      </p>
      <div className="status-page__actions">
        <Link to="/" className="button button--primary">
          <Trans>Go to the home page</Trans>
        </Link>
      </div>
    </main>
  );
}

export function PendingPage() {
  return (
    <main className="status-page" id="main" aria-busy="true">
      <p className="status-page__pending">
        <Trans>Loading…</Trans>
      </p>
    </main>
  );
}
