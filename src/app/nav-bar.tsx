// The bar on every screen: logo home, About, and who is signed in. On narrow screens the links fold behind an
// accessible menu toggle that closes again whenever the route changes.
import { useEffect, useState } from 'react';
import { Link, useNavigate, useRouter } from '@tanstack/react-router';
import { Button } from 'react-aria-components';
import { useAuth } from '../features/auth/auth-context';
import { Logo } from '../ui/logo';
import { InstallButton } from './install-button';

export function NavBar() {
  const { isAuthenticated, userEmail, store } = useAuth();
  const [open, setOpen] = useState(false);
  const [signingOut, setSigningOut] = useState(false);
  const router = useRouter();
  const navigate = useNavigate();

  useEffect(
    () =>
      router.subscribe('onResolved', () => {
        setOpen(false);
      }),
    [router],
  );

  async function signOut() {
    setSigningOut(true);
    try {
      await store.signOut();
      await navigate({ to: '/login' });
    } finally {
      setSigningOut(false);
    }
  }

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
                onPress={() => void signOut()}
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
    </header>
  );
}
