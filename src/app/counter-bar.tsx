// The register's slim bar, in place of the nav bar and the dashboard's sidebar: the shop, this till and who
// is selling, the sync badges in a slot of their own (a badge appearing never moves the register), and a
// menu with the dashboard's sections and Sign out. On a shared till whose back office is closed (issue 33,
// [COUNTER-2]) the menu is the counter's only: the register, the shift, 'Lock', the customer display and
// 'Back office: sign in' (the account's own password); no back-office section and no 'Sign out'.
import { lazy, Suspense, useEffect, useState, useSyncExternalStore } from 'react';
import { Link, useRouter } from '@tanstack/react-router';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { PasswordCheck } from '../data/remote/password-check';
import { backOffice, useCounterOnly } from '../features/shared-till/back-office';
import { tillSession } from '../features/shared-till/till-session';
import { DashboardSectionLinks } from '../features/dashboard/dashboard-layout';
import type { Membership } from '../data/remote/memberships';
import { useAuth } from '../features/auth/auth-context';
import { BAR_SLOT_ID } from '../ui/bar-slot';
import { Logo } from '../ui/logo';
import { displayFeed } from '../data/devices/customer-display-feed';
import { openCustomerDisplay } from '../features/customer-display/open-display';
import { useToast } from '../ui/toast';
import { LazySyncBadges } from './lazy-sync-badges';
import { useSyncServices, useSyncStatus } from './sync-context';
import { useRouteMenu } from './use-route-menu';
import { useSignOut } from './use-sign-out';

// Loaded when asked for: the register's first screen carries none of it.
const BackOfficeSignIn = lazy(() =>
  import('../features/shared-till/back-office-sign-in').then((module) => ({
    default: module.BackOfficeSignIn,
  })),
);

// The role beside the seller's name, looked up in the catalogue when shown.
const ROLE_WORDS = { owner: msg`Owner`, manager: msg`Manager`, cashier: msg`Cashier` } as const;

export function CounterBar({
  membership,
  till,
  checkPassword,
}: {
  membership: Membership | null;
  till: string | null;
  checkPassword: PasswordCheck | null;
}) {
  const { t } = useLingui();
  const { userEmail, user } = useAuth();
  const userId = user?.id ?? null;
  const { counter } = useCounterOnly(userId);
  const [signingIn, setSigningIn] = useState(false);
  const router = useRouter();
  const [open, setOpen] = useRouteMenu();
  const { signOut, signingOut, dialog } = useSignOut();
  const sync = useSyncServices();
  const status = useSyncStatus(sync);
  // On a shared till (issue 18) the person at the counter sells, not the signed-in account; otherwise the
  // account sells, named as the shop names them (as the receipt prints it), its email only when it has no name.
  const { shared, who } = useSyncExternalStore(tillSession.subscribe, tillSession.get);
  const shopName = membership?.companyName ?? null;
  useEffect(() => {
    displayFeed.setShop(shopName);
  }, [shopName]);
  const toast = useToast();
  const seller = (
    shared
      ? [who?.name ?? t`Locked`, who ? t(ROLE_WORDS[who.role]) : null]
      : [membership?.displayName ?? userEmail, membership ? t(ROLE_WORDS[membership.role]) : null]
  )
    .filter(Boolean)
    .join(' · ');

  return (
    <header className="counter-bar">
      <a className="skip-link" href="#main">
        <Trans>Skip to content</Trans>
      </a>
      <Link to="/" className="counter-bar__logo" aria-label={t`Tillpoint home`}>
        <Logo />
      </Link>
      {/* Where on the first line (the shop and the till may be cut with an ellipsis), who is selling on a
          line of its own, never cut: on a phone it may wrap, but it is always readable (issue 34). */}
      <div className="counter-bar__who">
        <span className="counter-bar__where">
          <span className="counter-bar__shop">{membership?.companyName ?? t`Your shop`}</span>
          {till ? (
            <span className="counter-bar__till" aria-label={t`Till`}>
              {till}
            </span>
          ) : null}
        </span>
        {seller ? (
          <span className="counter-bar__seller" aria-label={t`Selling`}>
            {seller}
          </span>
        ) : null}
      </div>
      <div className="counter-bar__badges">
        <LazySyncBadges status={status} ledger={sync?.ledger ?? null} linked={!counter} />
      </div>
      <div id={BAR_SLOT_ID} className="counter-bar__tools" />
      {shared && who ? (
        <button
          type="button"
          className="button button--secondary counter-bar__switch"
          aria-label={t`Switch cashier`}
          onClick={() => {
            tillSession.lock('switch');
          }}
        >
          {/* "Switch" alone on a phone, so the bar still has room to say who is selling. */}
          <span>
            <Trans>
              Switch<span className="counter-bar__switch-more"> cashier</span>
            </Trans>
          </span>
        </button>
      ) : null}
      <button
        type="button"
        className="counter-bar__toggle"
        aria-label={t`Menu`}
        aria-expanded={open}
        aria-controls="counter-menu"
        onClick={() => {
          setOpen((value) => !value);
        }}
      >
        <span className="nav__toggle-bars" aria-hidden="true" data-open={open || undefined} />
      </button>
      <div
        id="counter-menu"
        className="counter-bar__menu"
        hidden={!open}
        onKeyDown={(event) => {
          if (event.key === 'Escape') setOpen(false);
        }}
      >
        <nav aria-label={t`Dashboard sections`} className="counter-bar__links">
          <DashboardSectionLinks role={membership?.role ?? null} counterOnly={counter} />
        </nav>
        {shared && who ? (
          <button
            type="button"
            className="button button--secondary"
            aria-keyshortcuts="Control+Shift+L"
            onClick={() => {
              setOpen(false);
              tillSession.lock('button');
            }}
          >
            <Trans>Lock</Trans>
          </button>
        ) : null}
        <button
          type="button"
          className="button button--secondary"
          onClick={() => {
            setOpen(false);
            void openCustomerDisplay().then((opened) => {
              if (!opened)
                toast(
                  t`The browser blocked the customer display. Allow pop-ups for Tillpoint, or open /display in another window.`,
                  'error',
                );
            });
          }}
        >
          <Trans>Customer display</Trans>
        </button>
        {counter && userId && userEmail && checkPassword ? (
          <button
            type="button"
            className="button button--secondary"
            onClick={() => {
              setOpen(false);
              setSigningIn(true);
            }}
          >
            <Trans>Back office: sign in</Trans>
          </button>
        ) : null}
        {shared && !counter ? (
          <button
            type="button"
            className="button button--secondary"
            onClick={() => {
              setOpen(false);
              backOffice.close();
              void router.invalidate();
            }}
          >
            <Trans>Close back office</Trans>
          </button>
        ) : null}
        {counter ? null : (
          <button type="button" className="button button--secondary" disabled={signingOut} onClick={signOut}>
            {signingOut ? t`Signing out...` : t`Sign out`}
          </button>
        )}
      </div>
      {dialog}
      {signingIn && userId && userEmail && checkPassword ? (
        <Suspense fallback={null}>
          <BackOfficeSignIn
            account={{ userId, email: userEmail }}
            checkPassword={checkPassword}
            office={backOffice}
            isOpen={signingIn}
            onOpenChange={setSigningIn}
            onOpened={() => {
              setSigningIn(false);
              void router.navigate({ to: '/dashboard' });
            }}
          />
        </Suspense>
      ) : null}
    </header>
  );
}
