import { createFileRoute, redirect, useNavigate } from '@tanstack/react-router';
import { useAuth } from '../features/auth/auth-context';
import { plainAuthError } from '../features/auth/auth-errors';
import { OnboardingPage } from '../features/onboarding/onboarding-page';
import { guard } from './-guard';

// Signed in, no company yet: create a shop or join one with an invite code.
export const Route = createFileRoute('/onboarding')({
  // `invite` fills in the code, e.g. when the user comes back from the sign-in link an invite asked for.
  validateSearch: (search: Record<string, unknown>): { invite?: string } =>
    typeof search.invite === 'string' ? { invite: search.invite } : {},
  beforeLoad: async (options) => {
    await guard('/onboarding', options);
    const [services, { currentMembership }] = await Promise.all([
      options.context.loadServices(),
      import('./-membership'), // zod and Dexie: not on a guest's first screen
    ]);
    const answer = await currentMembership({ ...options.context, ...services });
    if (answer.kind === 'member') redirect({ to: '/dashboard', throw: true });
    return services;
  },
  component: Onboarding,
});

function Onboarding() {
  const { supabase } = Route.useRouteContext();
  const { invite } = Route.useSearch();
  const { userName, userEmail, store } = useAuth();
  const navigate = useNavigate();
  return (
    <OnboardingPage
      supabase={supabase}
      displayName={userName ?? userEmail?.split('@')[0] ?? 'Owner'}
      inviteCode={invite ?? ''}
      proveEmail={
        userEmail === null
          ? null
          : {
              email: userEmail,
              send: async (code) => {
                const sent = await store.sendSignInLink(userEmail, `/onboarding?invite=${code}`);
                return sent.success ? null : plainAuthError(sent.failure);
              },
            }
      }
      onDone={() => void navigate({ to: '/dashboard' })}
    />
  );
}
