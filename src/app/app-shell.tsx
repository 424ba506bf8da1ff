// The frame every screen lives in: providers that need the router (toasts), the nav bar (the slim counter bar
// on the register, which then has the whole screen), then the page. The customer display has the page alone.
import type { ReactNode } from 'react';
import { useMatch } from '@tanstack/react-router';
import { CounterBar } from './counter-bar';
import { ToastProvider } from '../ui/toast';
import { AuthWatcher } from './auth-watcher';
import { NavBar } from './nav-bar';
import './app.css';

export function AppShell({ children }: { children: ReactNode }) {
  const counter = useMatch({ from: '/dashboard/register', shouldThrow: false });
  const display = useMatch({ from: '/display', shouldThrow: false });
  const data = counter?.loaderData?.register;
  // The customer display faces the customer: no bar, no menu, nothing of the shop's back office.
  if (display) return <>{children}</>;
  return (
    <ToastProvider>
      <AuthWatcher />
      <div className={counter ? 'app app--counter' : 'app'}>
        {counter ? (
          <CounterBar
            membership={counter.context.membership}
            till={data?.kind === 'ready' ? data.terminal.name : null}
          />
        ) : (
          <NavBar />
        )}
        <div className="app__page">{children}</div>
      </div>
    </ToastProvider>
  );
}
