import { useEffect, useState } from 'react';
import { createFileRoute, useRouter } from '@tanstack/react-router';
import { LoginPage, type UnpairedTill } from '../features/auth/login-page';
import { forgetPairedTill, pairedTill } from '../features/auth/paired-till';
import { ForgetDataOffer } from '../features/sync-status/forget-data-offer';
import { guard } from './-guard';
import { pairAndSignIn, unsyncedOnPairedTill } from './-pair-device';
import { validateRedirectSearch } from './-search';

export const Route = createFileRoute('/login')({
  validateSearch: validateRedirectSearch,
  beforeLoad: (options) => guard('/login', options),
  component: Login,
});

function Login() {
  const { redirect } = Route.useSearch();
  const context = Route.useRouteContext();
  const router = useRouter();
  const unpaired = useUnpairedTill();
  const pair = async (code: string) => {
    const problem = await pairAndSignIn(context, code);
    if (problem === null) router.history.push('/dashboard/register');
    return problem;
  };
  return (
    <>
      {/* The databases open only if the offer is taken: a guest's sign-in page loads none of it. */}
      <ForgetDataOffer forget={async (userId) => (await context.loadServices()).sync.forgetMirror(userId)} />
      <LoginPage redirect={redirect ?? null} pair={pair} unpaired={unpaired} onSignedIn={forgetPairedTill} />
    </>
  );
}

/** A till whose session is gone says so; its unsynced sales are counted from its ledger (opened only then). */
function useUnpairedTill(): UnpairedTill | null {
  const context = Route.useRouteContext();
  const [paired] = useState(() => pairedTill() !== null);
  const [unsyncedSales, setUnsyncedSales] = useState<number | null>(null);
  useEffect(() => {
    if (!paired) return;
    let live = true;
    unsyncedOnPairedTill(context)
      .then((count) => {
        if (live) setUnsyncedSales(count);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [paired, context]);
  return paired ? { unsyncedSales } : null;
}
