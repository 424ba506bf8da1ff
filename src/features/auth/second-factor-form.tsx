// The authenticator-code step of signing in, for accounts with two-step verification turned on.
import { useState, type SyntheticEvent } from 'react';
import { Form } from 'react-aria-components';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { TextField } from '../../ui/text-field';
import { useAuth } from './auth-context';
import { plainAuthError } from './auth-errors';
import { codeProblem } from './validation';

export function SecondFactorForm({ onVerified }: { onVerified: () => void }) {
  const { t } = useLingui();
  const { store, loading, failure } = useAuth();
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  async function submit(event: SyntheticEvent) {
    event.preventDefault();
    const found = codeProblem(code);
    setProblem(found);
    if (found) return;
    const result = await store.verifySecondFactor(code.trim());
    if (result.success) onVerified();
  }

  return (
    <>
      {failure ? <Alert>{plainAuthError(failure)}</Alert> : null}
      <Form className="auth-form" onSubmit={(event) => void submit(event)} validationBehavior="aria">
        <TextField
          label={t`Authentication code`}
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          value={code}
          onChange={setCode}
          error={problem}
          autoFocus
        />
        <Button type="submit" size="lg" wide isDisabled={loading}>
          {loading ? t`Checking…` : t`Verify`}
        </Button>
        <Button variant="ghost" wide onPress={() => void store.signOut()}>
          <Trans>Use a different account</Trans>
        </Button>
      </Form>
    </>
  );
}
