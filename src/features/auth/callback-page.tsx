// /auth/callback: finishes what /auth/v1 started — a Google sign-in, an email link or a recovery link — and
// sends the user on. Failures are shown in plain words with a way back, never as a blank page.
import { useEffect, useRef, useState } from 'react';
import { Link, useRouter } from '@tanstack/react-router';
import type { SupabaseClient } from '@supabase/supabase-js';
import { t as tNow } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { safeRedirect } from '../../lib/safe-redirect';
import { Alert } from '../../ui/alert';
import { AuthPanel } from '../../ui/layout';
import { Spinner } from '../../ui/spinner';
import { plainAuthError, toAuthFailure } from './auth-errors';
import { readCallbackParams } from './callback-params';
import './auth.css';

type CallbackAuth = Pick<SupabaseClient['auth'], 'exchangeCodeForSession' | 'setSession'>;

export function CallbackPage({
  auth,
  location,
}: {
  auth: CallbackAuth;
  location: Pick<Location, 'search' | 'hash'>;
}) {
  const { t } = useLingui();
  const router = useRouter();
  const [params] = useState(() => readCallbackParams(location.search, location.hash));
  const [problem, setProblem] = useState<string | null>(
    params.kind === 'error'
      ? plainAuthError({ message: params.message, code: params.code, reasons: [], retryable: false })
      : params.kind === 'none'
        ? tNow`This sign-in link is incomplete. Please start again.`
        : null,
  );
  // StrictMode runs effects twice; a code can be exchanged only once.
  const started = useRef(false);

  useEffect(() => {
    if (started.current || (params.kind !== 'code' && params.kind !== 'tokens')) return;
    started.current = true;
    void (async () => {
      const result =
        params.kind === 'code'
          ? await auth.exchangeCodeForSession(params.code)
          : await auth.setSession({ access_token: params.accessToken, refresh_token: params.refreshToken });
      if (result.error) {
        setProblem(plainAuthError(toAuthFailure(result.error)));
        return;
      }
      const recovery =
        params.recovery || ('redirectType' in result.data && result.data.redirectType === 'recovery');
      const target = recovery ? '/auth/reset-password' : safeRedirect(params.redirect);
      router.history.replace(target);
    })();
  }, [auth, params, router]);

  if (problem !== null) {
    return (
      <AuthPanel title={t`We couldn't sign you in`}>
        <Alert>{problem}</Alert>
        <Link to="/login" className="button button--primary button--wide">
          <Trans>Back to sign in</Trans>
        </Link>
      </AuthPanel>
    );
  }
  return (
    <AuthPanel title={t`Signing you in`}>
      <Spinner label={t`Finishing sign-in`} />
    </AuthPanel>
  );
}
