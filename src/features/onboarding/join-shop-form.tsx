// The "join a shop" form: an 8-character invite code from the shop's owner.
import { useState, type SyntheticEvent } from 'react';
import { Form } from 'react-aria-components';
import { useLingui } from '@lingui/react/macro';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { TextField } from '../../ui/text-field';

/** Invite codes are 8 characters of A–Z and 2–9 (no 0/O or 1/I to misread). */
export function normaliseInviteCode(raw: string): string {
  return raw.toUpperCase().replace(/[\s-]/g, '');
}

export function JoinShopForm({
  initialCode = '',
  busy,
  error,
  onSubmit,
}: {
  initialCode?: string;
  busy: boolean;
  error: string | null;
  onSubmit: (code: string) => void;
}) {
  const { t } = useLingui();
  const [code, setCode] = useState(initialCode);
  const [problem, setProblem] = useState<string | null>(null);

  function submit(event: SyntheticEvent) {
    event.preventDefault();
    const normalised = normaliseInviteCode(code);
    const found = /^[A-Z2-9]{8}$/.test(normalised) ? null : t`Enter the 8-character code from your invite.`;
    setProblem(found);
    if (!found) onSubmit(normalised);
  }

  return (
    <Form className="auth-form" onSubmit={submit} validationBehavior="aria">
      {error ? <Alert>{error}</Alert> : null}
      <TextField
        label={t`Invite code`}
        name="invite-code"
        value={code}
        onChange={setCode}
        error={problem}
        description={t`8 letters and digits, for example K7PM3QXA.`}
        autoComplete="off"
      />
      <Button type="submit" variant="secondary" size="lg" wide isDisabled={busy}>
        {busy ? t`Joining…` : t`Join shop`}
      </Button>
    </Form>
  );
}
