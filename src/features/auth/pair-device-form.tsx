// 'Pair this device' on the sign-in page (issue 33, DESIGN §13): the one-time code a manager's Settings →
// Devices shows, typed here, makes this tablet a till of that store, signed in as itself. The code is checked
// for shape before it is sent (a typo costs no try); every refusal is a sentence.
import { useState, type SyntheticEvent } from 'react';
import { Form } from 'react-aria-components';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { TextField } from '../../ui/text-field';

/** The shape of a pairing code, not words: the same in every language. */
const CODE_SHAPE = 'ABCD-EFGH-JK';

/** Pairs with the code and signs in; answers null when done, else the sentence to show. */
export type PairDevice = (code: string) => Promise<string | null>;

export function PairDeviceForm({ pair, onCancel }: { pair: PairDevice; onCancel: () => void }) {
  const { t } = useLingui();
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  async function submit(event: SyntheticEvent) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setProblem(null);
    try {
      setProblem(await pair(code));
    } finally {
      setBusy(false);
    }
  }
  return (
    <>
      <p className="auth-form__note">
        <Trans>
          A manager or an owner opens Settings → Devices on their own screen and chooses ‘Pair a device’. Type
          the code it shows: this tablet then sells and syncs for that store, signed in as itself.
        </Trans>
      </p>
      {problem ? <Alert>{problem}</Alert> : null}
      <Form
        aria-label={t`Pair this device`}
        className="auth-form"
        onSubmit={(event) => void submit(event)}
        validationBehavior="aria"
      >
        <TextField
          label={t`Pairing code`}
          name="pairing-code"
          value={code}
          onChange={setCode}
          autoComplete="off"
          placeholder={CODE_SHAPE}
          maxLength={20}
          autoFocus
        />
        <Button type="submit" size="lg" wide isDisabled={busy}>
          {busy ? t`Pairing…` : t`Pair this device`}
        </Button>
        <Button variant="secondary" wide onPress={onCancel}>
          <Trans>Sign in with email instead</Trans>
        </Button>
      </Form>
    </>
  );
}
