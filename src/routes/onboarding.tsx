import { createFileRoute, redirect, useNavigate } from '@tanstack/react-router';
import { useAuth } from '../features/auth/auth-context';
import { OnboardingPage } from '../features/onboarding/onboarding-page';
import { guard } from './-guard';
import { currentMembership } from './-membership';

// Signed in, no company yet: create a shop or join one with an invite code.
export const Route = createFileRoute('/onboarding')({
  beforeLoad: async (options) => {
    await guard('/onboarding', options);
    const answer = await currentMembership(options.context);
    if (answer.kind === 'member') redirect({ to: '/dashboard', throw: true });
  },
  component: Onboarding,
});

function Onboarding() {
  const { supabase } = Route.useRouteContext();
  const { userName, userEmail } = useAuth();
  const navigate = useNavigate();
  return (
    <OnboardingPage
      supabase={supabase}
      displayName={userName ?? userEmail?.split('@')[0] ?? 'Owner'}
      onDone={() => void navigate({ to: '/dashboard' })}
    />
  );
}
