// Above every back-office page of a shared till whose back office is open (issue 33, [COUNTER-2]): whose
// account it is, 'Close back office', and the idle minutes after which it closes by itself. Closing runs the
// guard again, so the page gives way to the lock screen.
import { Trans } from '@lingui/react/macro';
import { useEffect, useSyncExternalStore } from 'react';
import { useRouter } from '@tanstack/react-router';
import { backOffice, BACK_OFFICE_IDLE_MINUTES } from '../features/shared-till/back-office';
import { tillSession } from '../features/shared-till/till-session';

function useOpenBackOffice(userId: string | null) {
  const { shared } = useSyncExternalStore(tillSession.subscribe, tillSession.get);
  const office = useSyncExternalStore(backOffice.subscribe, backOffice.get);
  return { open: shared && userId !== null && office.userId === userId, email: office.email };
}

/** Closes an open back office after its idle minutes, on any screen (the register's too). */
export function useBackOfficeIdle(userId: string | null): void {
  const router = useRouter();
  const { open } = useOpenBackOffice(userId);
  useEffect(() => {
    if (!open) return;
    const close = () => {
      backOffice.close();
      void router.invalidate();
    };
    const ms = BACK_OFFICE_IDLE_MINUTES * 60_000;
    let timer = window.setTimeout(close, ms);
    const restart = () => {
      window.clearTimeout(timer);
      timer = window.setTimeout(close, ms);
    };
    const events = ['pointerdown', 'keydown', 'wheel'] as const;
    for (const name of events) window.addEventListener(name, restart, { passive: true });
    return () => {
      window.clearTimeout(timer);
      for (const name of events) window.removeEventListener(name, restart);
    };
  }, [open, router]);
}

export function BackOfficeNotice({ userId }: { userId: string | null }) {
  const router = useRouter();
  const { open, email } = useOpenBackOffice(userId);
  if (!open) return null;
  const minutes = BACK_OFFICE_IDLE_MINUTES;
  return (
    <div className="alert alert--info back-office-notice" role="status">
      <span>
        <Trans>
          Back office open as <strong>{email}</strong> on this shared till. It closes after {minutes} idle
          minutes.
        </Trans>
      </span>
      <button
        type="button"
        className="button button--secondary"
        onClick={() => {
          backOffice.close();
          void router.navigate({ to: '/dashboard/register' });
        }}
      >
        <Trans>Close back office</Trans>
      </button>
    </div>
  );
}
