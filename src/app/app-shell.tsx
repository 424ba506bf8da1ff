// The frame every screen lives in: providers that need the router (toasts), the nav bar (the slim counter bar
// on the register, which then has the whole screen), then the page. The customer display has the page alone.
import type { ReactNode } from 'react';
import { useMatch } from '@tanstack/react-router';
import { useCounterOnly } from '../features/shared-till/back-office';
import { useAuth } from '../features/auth/auth-context';
import { NeedsOwnSignIn } from '../routes/-counter-refusal';
import { CounterBar } from './counter-bar';
import { ToastProvider } from '../ui/toast';
import { AuthWatcher } from './auth-watcher';
import { NavBar } from './nav-bar';
import './app.css';

export function AppShell({ children }: { children: ReactNode }) {
  const register = useMatch({ from: '/dashboard/register', shouldThrow: false });
  const dashboard = useMatch({ from: '/dashboard', shouldThrow: false });
  const display = useMatch({ from: '/display', shouldThrow: false });
  // A shared till whose back office is closed keeps the counter's bar and menu on every screen it shows.
  const { counter: counterOnly } = useCounterOnly(useAuth().user?.id ?? null);
  const counter = register ?? (counterOnly ? dashboard : undefined);
  const data = register?.loaderData?.register;
  // Widened: when the /dashboard guard refuses an address (issue 33) its match has no context of its own.
  const context: Partial<NonNullable<typeof counter>['context']> = counter?.context ?? {};
  const refused = dashboard?.error instanceof NeedsOwnSignIn ? dashboard.error : null;
  // The customer display faces the customer: no bar, no menu, nothing of the shop's back office.
  if (display) return <>{children}</>;
  return (
    <ToastProvider>
      <AuthWatcher />
      <div className={counter ? 'app app--counter' : 'app'}>
        {counter ? (
          <CounterBar
            membership={context.membership ?? refused?.membership ?? null}
            till={data?.kind === 'ready' ? data.terminal.name : null}
            checkPassword={context.checkPassword ?? null}
          />
        ) : (
          <NavBar />
        )}
        <div className="app__page">{children}</div>
      </div>
    </ToastProvider>
  );
}
