// The front door: what Tillpoint is, and the way in for guests (or back to work for a signed-in user).
import { Link } from '@tanstack/react-router';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert } from '../../ui/alert';
import './public.css';

// Descriptors: this table is built before the catalogue loads; the words are looked up when shown.
const features = [
  {
    id: 'payments',
    title: msg`Easy payments`,
    text: msg`Accept payments quickly and securely with integrated payment processing.`,
    icon: <path d="M3 7a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2zM3 10h18M7 15h4" />,
  },
  {
    id: 'analytics',
    title: msg`Analytics`,
    text: msg`Insights into sales, inventory and customer behaviour.`,
    icon: <path d="M4 19V5M4 19h16M8 15l3-4 3 2 5-6" />,
  },
  {
    id: 'mobile',
    title: msg`Mobile ready`,
    text: msg`Usable from any device: the counter tablet, a phone on the shop floor or the office desktop.`,
    icon: <path d="M8 3h8a1 1 0 0 1 1 1v16a1 1 0 0 1-1 1H8a1 1 0 0 1-1-1V4a1 1 0 0 1 1-1zM11 18h2" />,
  },
];

export function HomePage({ signedInAs }: { signedInAs: string | null }) {
  const { t } = useLingui();
  return (
    <main id="main" className="home">
      <section className="hero">
        <p className="hero__eyebrow">
          <Trans>Point of sale for independent shops</Trans>
        </p>
        <h1 className="hero__title">
          <Trans>Welcome to Tillpoint</Trans>
        </h1>
        <p className="hero__tagline">
          <Trans>
            The point of sale that keeps selling when the internet drops. Ring up sales, track stock and see
            how your shop is doing — from any device.
          </Trans>
        </p>
        {signedInAs ? (
          <div className="hero__signed-in">
            <Alert tone="success">
              <Trans>You are authenticated as {signedInAs}</Trans>
            </Alert>
            <Link to="/dashboard" className="button button--primary button--lg">
              <Trans>Go to Dashboard</Trans>
            </Link>
          </div>
        ) : (
          <div className="hero__actions">
            <Link to="/signup" className="button button--primary button--lg">
              <Trans>Get Started Free</Trans>
            </Link>
            <Link to="/login" className="button button--secondary button--lg">
              <Trans>Sign In</Trans>
            </Link>
          </div>
        )}
      </section>
      <section className="feature-grid" aria-label={t`Features`}>
        {features.map((feature) => (
          <article key={feature.id} className="feature-card">
            <span className="feature-card__icon" aria-hidden="true">
              <svg
                viewBox="0 0 24 24"
                width="26"
                height="26"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
                strokeLinecap="round"
                strokeLinejoin="round"
              >
                {feature.icon}
              </svg>
            </span>
            <h2 className="feature-card__title">{t(feature.title)}</h2>
            <p className="feature-card__text">{t(feature.text)}</p>
          </article>
        ))}
      </section>
    </main>
  );
}
