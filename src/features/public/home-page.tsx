// The front door: what Tillpoint is, and the way in for guests (or back to work for a signed-in user).
import { Link } from '@tanstack/react-router';
import { Alert } from '../../ui/alert';
import './public.css';

const features = [
  {
    title: 'Easy payments',
    text: 'Accept payments quickly and securely with integrated payment processing.',
    icon: <path d="M3 7a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2zM3 10h18M7 15h4" />,
  },
  {
    title: 'Analytics',
    text: 'Insights into sales, inventory and customer behaviour.',
    icon: <path d="M4 19V5M4 19h16M8 15l3-4 3 2 5-6" />,
  },
  {
    title: 'Mobile ready',
    text: 'Usable from any device: the counter tablet, a phone on the shop floor or the office desktop.',
    icon: <path d="M8 3h8a1 1 0 0 1 1 1v16a1 1 0 0 1-1 1H8a1 1 0 0 1-1-1V4a1 1 0 0 1 1-1zM11 18h2" />,
  },
];

export function HomePage({ signedInAs }: { signedInAs: string | null }) {
  return (
    <main id="main" className="home">
      <section className="hero">
        <p className="hero__eyebrow">Point of sale for independent shops</p>
        <h1 className="hero__title">Welcome to Tillpoint</h1>
        <p className="hero__tagline">
          The point of sale that keeps selling when the internet drops. Ring up sales, track stock and see how
          your shop is doing — from any device.
        </p>
        {signedInAs ? (
          <div className="hero__signed-in">
            <Alert tone="success">You are authenticated as {signedInAs}</Alert>
            <Link to="/dashboard" className="button button--primary button--lg">
              Go to Dashboard
            </Link>
          </div>
        ) : (
          <div className="hero__actions">
            <Link to="/signup" className="button button--primary button--lg">
              Get Started Free
            </Link>
            <Link to="/login" className="button button--secondary button--lg">
              Sign In
            </Link>
          </div>
        )}
      </section>
      <section className="feature-grid" aria-label="Features">
        {features.map((feature) => (
          <article key={feature.title} className="feature-card">
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
            <h2 className="feature-card__title">{feature.title}</h2>
            <p className="feature-card__text">{feature.text}</p>
          </article>
        ))}
      </section>
    </main>
  );
}
