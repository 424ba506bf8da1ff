// An invite bound to the user's address is accepted only from a session started by a link mailed to that
// address (ONB-7): a password proves nothing about the mailbox. This offers that link; it comes back to
// onboarding with the invite code filled in.
import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';

export interface ProveEmailPort {
  email: string;
  /** Mails the sign-in link that returns with `code`; answers a problem in plain words, or null. */
  send: (code: string) => Promise<string | null>;
}

export function ProveEmail({ port, code }: { port: ProveEmailPort; code: string }) {
  const { t } = useLingui();
  const [state, setState] = useState<'idle' | 'sending' | 'sent'>('idle');
  const [problem, setProblem] = useState<string | null>(null);

  async function send() {
    setState('sending');
    setProblem(null);
    const found = await port.send(code);
    setProblem(found);
    setState(found === null ? 'sent' : 'idle');
  }

  if (state === 'sent') {
    const email = port.email;
    return (
      <p role="status" className="onboarding__note">
        <Trans>
          We sent a sign-in link to {email}. Open it on this device and the invite code will be filled in for
          you.
        </Trans>
      </p>
    );
  }
  return (
    <div className="onboarding__note">
      {problem ? <Alert>{problem}</Alert> : null}
      <Button variant="primary" wide isDisabled={state === 'sending'} onPress={() => void send()}>
        {state === 'sending' ? t`Sending…` : t`Email me a sign-in link`}
      </Button>
    </div>
  );
}
