// First steps for a signed-in user without a shop: create one (becoming its owner) or join one with an
// invite code from its owner. Either way the user lands on the dashboard.
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Supabase } from '../../data/remote/supabase-client';
import { createCompany, joinCompany } from '../../data/remote/onboarding';
import { Card, PageHeader } from '../../ui/layout';
import { CreateShopForm, type ShopDraft } from './create-shop-form';
import { JoinShopForm } from './join-shop-form';
import { plainOnboardingError } from './onboarding-errors';
import './onboarding.css';

function deviceTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

export function OnboardingPage({
  supabase,
  displayName,
  onDone,
}: {
  supabase: Supabase;
  displayName: string;
  onDone: () => void;
}) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<'create' | 'join' | null>(null);
  const [failure, setFailure] = useState<{ form: 'create' | 'join'; message: string } | null>(null);

  async function run(form: 'create' | 'join', work: () => Promise<void>) {
    setBusy(form);
    setFailure(null);
    try {
      await work();
      await queryClient.invalidateQueries({ queryKey: ['memberships'] });
      onDone();
    } catch (error) {
      setFailure({ form, message: plainOnboardingError(error) });
    } finally {
      setBusy(null);
    }
  }

  return (
    <main className="onboarding" id="main">
      <PageHeader
        title="Set up Tillpoint"
        description="Create a shop to start selling, or join your team's shop with the invite code they gave you."
      />
      <div className="onboarding__grid">
        <Card title="Create a shop">
          <CreateShopForm
            busy={busy === 'create'}
            error={failure?.form === 'create' ? failure.message : null}
            onSubmit={(draft: ShopDraft) =>
              void run('create', () =>
                createCompany(supabase, { ...draft, displayName, timeZone: deviceTimeZone() }),
              )
            }
          />
        </Card>
        <Card title="Join a shop">
          <JoinShopForm
            busy={busy === 'join'}
            error={failure?.form === 'join' ? failure.message : null}
            onSubmit={(code) => void run('join', () => joinCompany(supabase, code, displayName))}
          />
        </Card>
      </div>
    </main>
  );
}
