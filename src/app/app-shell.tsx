// The frame every screen lives in: providers that need the router (toasts), the nav bar, then the page.
import type { ReactNode } from 'react';
import { ToastProvider } from '../ui/toast';
import { AuthWatcher } from './auth-watcher';
import { NavBar } from './nav-bar';
import './app.css';

export function AppShell({ children }: { children: ReactNode }) {
  return (
    <ToastProvider>
      <AuthWatcher />
      <div className="app">
        <NavBar />
        <div className="app__page">{children}</div>
      </div>
    </ToastProvider>
  );
}
