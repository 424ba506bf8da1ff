// The bar on every screen: logo home, About, and who is signed in; signed in, the sync badges (offline,
// unsynced, needs attention). On narrow screens the links fold behind an accessible menu toggle that closes
// again whenever the route changes. Sign-out with unsynced work asks first and never deletes it.
import { Link } from '@tanstack/react-router';
import { Button } from 'react-aria-components';
import { useAuth } from '../features/auth/auth-context';
import { SyncBadges } from '../features/sync-status/sync-badges';
import { Logo } from '../ui/logo';
import { InstallButton } from './install-button';
import { useSyncServices, useSyncStatus } from './sync-context';
import { useRouteMenu } from './use-route-menu';
import { useSignOut } from './use-sign-out';

export function NavBar() {
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
        Skip to content
      </a>
      <div className="nav__inner">
        <Link to="/" className="nav__logo" aria-label="Tillpoint home" onClick={close}>
          <Logo />
        </Link>
        {isAuthenticated ? <SyncBadges status={status} ledger={sync?.ledger ?? null} /> : null}
        <Button
          className="nav__toggle"
          aria-label="Menu"
          aria-expanded={open}
          aria-controls="nav-menu"
          onPress={() => {
            setOpen((value) => !value);
          }}
        >
          <span className="nav__toggle-bars" aria-hidden="true" data-open={open || undefined} />
        </Button>
        <nav id="nav-menu" className="nav__menu" aria-label="Main" data-open={open || undefined}>
          <Link to="/about" className="nav__link" onClick={close}>
            About
          </Link>
          <InstallButton />
          {isAuthenticated ? (
            <>
              <span className="nav__welcome">Welcome, {userEmail}</span>
              <Link to="/dashboard" className="nav__link" onClick={close}>
                Dashboard
              </Link>
              <Button
                className="button button--secondary nav__action"
                isDisabled={signingOut}
                onPress={signOut}
              >
                {signingOut ? 'Signing out...' : 'Sign out'}
              </Button>
            </>
          ) : (
            <>
              <Link to="/login" className="nav__link" onClick={close}>
                Sign in
              </Link>
              <Link to="/signup" className="button button--primary nav__action" onClick={close}>
                Sign up
              </Link>
            </>
          )}
        </nav>
      </div>
      {dialog}
    </header>
  );
}
