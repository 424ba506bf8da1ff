// The bar on every screen: logo home, About, and who is signed in; signed in, the sync badges (offline,
// unsynced, needs attention). On narrow screens the links fold behind an accessible menu toggle that closes
// again whenever the route changes. Sign-out with unsynced work asks first and never deletes it. Plain
// buttons: every guest page shows this bar, and react-aria's Button alone is ≈ 15 KB gzip.
import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { useAuth } from '../features/auth/auth-context';
import { Logo } from '../ui/logo';
import { InstallButton } from './install-button';
import { LazySyncBadges } from './lazy-sync-badges';
import { useSyncServices, useSyncStatus } from './sync-context';
import { useRouteMenu } from './use-route-menu';
import { useSignOut } from './use-sign-out';

export function NavBar() {
  const { t } = useLingui();
  const { isAuthenticated, userEmail } = useAuth();
  const [open, setOpen] = useRouteMenu();
  const { signOut, signingOut, dialog } = useSignOut();
  const sync = useSyncServices();
  const status = useSyncStatus(sync);

  const close = () => {
    setOpen(false);
  };

  return (
    <header className="nav">
      <a className="skip-link" href="#main">
        <Trans>Skip to content</Trans>
      </a>
      <div className="nav__inner">
        <Link to="/" className="nav__logo" aria-label={t`Tillpoint home`} onClick={close}>
          <Logo />
        </Link>
        {isAuthenticated ? <LazySyncBadges status={status} ledger={sync?.ledger ?? null} /> : null}
        <button
          type="button"
          className="nav__toggle"
          aria-label={t`Menu`}
          aria-expanded={open}
          aria-controls="nav-menu"
          onClick={() => {
            setOpen((value) => !value);
          }}
        >
          <span className="nav__toggle-bars" aria-hidden="true" data-open={open || undefined} />
        </button>
        <nav id="nav-menu" className="nav__menu" aria-label={t`Main`} data-open={open || undefined}>
          <Link to="/about" className="nav__link" onClick={close}>
            <Trans>About</Trans>
          </Link>
          <InstallButton />
          {isAuthenticated ? (
            <>
              <span className="nav__welcome">
                <Trans>Welcome, {userEmail}</Trans>
              </span>
              <Link to="/dashboard" className="nav__link" onClick={close}>
                <Trans>Dashboard</Trans>
              </Link>
              <button
                type="button"
                className="button button--secondary nav__action"
                disabled={signingOut}
                onClick={signOut}
              >
                {signingOut ? t`Signing out...` : t`Sign out`}
              </button>
            </>
          ) : (
            <>
              <Link to="/login" className="nav__link" onClick={close}>
                <Trans>Sign in</Trans>
              </Link>
              <Link to="/signup" className="button button--primary nav__action" onClick={close}>
                <Trans>Sign up</Trans>
              </Link>
            </>
          )}
        </nav>
      </div>
      {dialog}
    </header>
  );
}
