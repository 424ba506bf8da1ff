// Registering a Stripe reader (managers and owners): the registration code the reader shows (on the reader:
// Settings → Generate pairing code; the local stack's simulated readers are `simulated-wpe`,
// `simulated-s700`, `simulated-s710`) and a label the cashiers recognise. It lands on this till.
import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type SyntheticEvent } from 'react';
import { Form } from 'react-aria-components';
import { Button } from '../../ui/button';
import { TextField } from '../../ui/text-field';

export function RegisterReaderForm({
  busy,
  onRegister,
}: {
  busy: boolean;
  /** Resolves true when the reader was registered: the form empties. */
  onRegister: (code: string, label: string) => Promise<boolean>;
}) {
  const { t } = useLingui();
  const [code, setCode] = useState('');
  const [label, setLabel] = useState('');
  const ready = code.trim() !== '' && label.trim() !== '';

  async function submit(event: SyntheticEvent) {
    event.preventDefault();
    if (!ready || busy) return;
    if (await onRegister(code.trim(), label.trim())) {
      setCode('');
      setLabel('');
    }
  }

  return (
    <Form
      className="terminal-setup card-reader__form"
      aria-label={t`Register a card reader`}
      onSubmit={(event) => void submit(event)}
      validationBehavior="aria"
    >
      <h4 className="card-reader__subtitle">
        <Trans>Register a card reader</Trans>
      </h4>
      <TextField
        label={t`Registration code`}
        name="registration-code"
        value={code}
        onChange={setCode}
        maxLength={200}
        description={t`The code the reader shows: on the reader, Settings → Generate pairing code.`}
      />
      <TextField
        label={t`Reader label`}
        name="reader-label"
        value={label}
        onChange={setLabel}
        maxLength={100}
      />
      <Button type="submit" variant="secondary" isDisabled={!ready || busy}>
        {busy ? t`Working…` : t`Register reader`}
      </Button>
    </Form>
  );
}
