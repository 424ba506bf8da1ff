// First steps for a signed-in user without a shop: create one (becoming its owner) or join one with an
// invite code from its owner. Either way the user lands on the dashboard.
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useLingui } from '@lingui/react/macro';
import type { Supabase } from '../../data/remote/supabase-client';
import { createCompany, joinCompany, OnboardingError } from '../../data/remote/onboarding';
import { Card, PageHeader } from '../../ui/layout';
import { CreateShopForm, type ShopDraft } from './create-shop-form';
import { JoinShopForm } from './join-shop-form';
import { plainOnboardingError } from './onboarding-errors';
import { ProveEmail, type ProveEmailPort } from './prove-email';
import './onboarding.css';

function deviceTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

export function OnboardingPage({
  supabase,
  displayName,
  inviteCode = '',
  proveEmail = null,
  onDone,
}: {
  supabase: Supabase;
  displayName: string;
  /** Filled into the join form (a link back from the sign-in mail carries it). */
  inviteCode?: string;
  /** How to prove the user's mailbox when an invite bound to their address asks for it. */
  proveEmail?: ProveEmailPort | null;
  onDone: () => void;
}) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<'create' | 'join' | null>(null);
  const [failure, setFailure] = useState<{
    form: 'create' | 'join';
    message: string;
    /** The invite that needs the mailbox proven first. */
    unprovenInvite?: string;
  } | null>(null);

  async function run(form: 'create' | 'join', work: () => Promise<void>, code?: string) {
    setBusy(form);
    setFailure(null);
    try {
      await work();
      await queryClient.invalidateQueries({ queryKey: ['memberships'] });
      onDone();
    } catch (error) {
      const unproven = error instanceof OnboardingError && error.code === 'email_not_confirmed';
      setFailure({
        form,
        message: plainOnboardingError(error),
        ...(unproven && code ? { unprovenInvite: code } : {}),
      });
    } finally {
      setBusy(null);
    }
  }

  return (
    <main className="onboarding" id="main">
      <PageHeader
        title={t`Set up Tillpoint`}
        description={t`Create a shop to start selling, or join your team's shop with the invite code they gave you.`}
      />
      <div className="onboarding__grid">
        <Card title={t`Create a shop`}>
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
        <Card title={t`Join a shop`}>
          <JoinShopForm
            initialCode={inviteCode}
            busy={busy === 'join'}
            error={failure?.form === 'join' ? failure.message : null}
            onSubmit={(code) => void run('join', () => joinCompany(supabase, code, displayName), code)}
          />
          {failure?.unprovenInvite && proveEmail ? (
            <ProveEmail key={failure.unprovenInvite} port={proveEmail} code={failure.unprovenInvite} />
          ) : null}
        </Card>
      </div>
    </main>
  );
}
