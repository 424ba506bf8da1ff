// The staff page's forms: add a PIN-only person (name, role, PIN typed twice), edit one, and set a PIN (your
// own, or a reset by a manager). Each checks what was typed before anything is sent, says offline before
// trying, and keeps everything typed when the server refuses: a form closes only when its save succeeded.
import { useState, type SyntheticEvent } from 'react';
import { Form } from 'react-aria-components';
import { Trans, useLingui } from '@lingui/react/macro';
import type { MemberRole } from '../../data/remote/memberships';
import type { StaffMember } from '../../data/remote/staff';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { SelectField } from '../../ui/select-field';
import { TextField } from '../../ui/text-field';
import { useOnline } from '../../ui/use-online';
import { nameProblem, pinPairProblem, ROLE_NAMES } from './staff-rules';
import { useSave } from './use-save';

/** Runs a checked write: the first problem (typed input, then offline) or the server's refusal, in words. */
function useCheckedSave() {
  const { t } = useLingui();
  const online = useOnline();
  const { busy, error, save } = useSave(() => undefined);
  const [problem, setProblem] = useState<string | null>(null);
  const submit = async (
    problemOfInput: string | null,
    write: () => Promise<unknown>,
    onDone: () => void,
  ): Promise<void> => {
    const found =
      problemOfInput ??
      (online ? null : t`You are offline: staff and PINs are saved on the server. Connect, then try again.`);
    setProblem(found);
    if (found === null && (await save(write, ''))) onDone();
  };
  return { busy, message: problem ?? error, submit };
}

function PinPair({
  label,
  pin,
  again,
  onPin,
  onAgain,
}: {
  label: string;
  pin: string;
  again: string;
  onPin: (value: string) => void;
  onAgain: (value: string) => void;
}) {
  const { t } = useLingui();
  return (
    <>
      <TextField
        label={label}
        name="pin"
        type="password"
        inputMode="numeric"
        autoComplete="off"
        maxLength={6}
        description={t`4 to 6 digits.`}
        value={pin}
        onChange={onPin}
      />
      <TextField
        label={t`${label} again`}
        name="pin-again"
        type="password"
        inputMode="numeric"
        autoComplete="off"
        maxLength={6}
        value={again}
        onChange={onAgain}
      />
    </>
  );
}

function RoleField({
  roles,
  value,
  onChange,
}: {
  roles: MemberRole[];
  value: MemberRole;
  onChange: (role: MemberRole) => void;
}) {
  const { t } = useLingui();
  return (
    <SelectField
      label={t`Role`}
      name="role"
      value={value}
      onChange={(next) => {
        onChange(roles.find((role) => role === next) ?? value);
      }}
      options={roles.map((role) => ({ value: role, label: t(ROLE_NAMES[role]) }))}
    />
  );
}

function Actions({
  busy,
  submitLabel,
  onCancel,
}: {
  busy: boolean;
  submitLabel: string;
  onCancel?: () => void;
}) {
  return (
    <div className="button-row">
      <Button type="submit" isDisabled={busy}>
        {busy ? <Trans>Saving…</Trans> : submitLabel}
      </Button>
      {onCancel ? (
        <Button variant="secondary" onPress={onCancel}>
          <Trans>Cancel</Trans>
        </Button>
      ) : null}
    </div>
  );
}

export function AddStaffForm({
  roles,
  onAdd,
  onDone,
  onCancel,
}: {
  roles: MemberRole[];
  onAdd: (name: string, role: MemberRole, pin: string) => Promise<void>;
  onDone: (name: string) => void;
  onCancel: () => void;
}) {
  const { t } = useLingui();
  const [name, setName] = useState('');
  const [role, setRole] = useState<MemberRole>(roles[0] ?? 'cashier');
  const [pin, setPin] = useState('');
  const [again, setAgain] = useState('');
  const { busy, message, submit } = useCheckedSave();
  const add = (event: SyntheticEvent) => {
    event.preventDefault();
    void submit(
      nameProblem(name) ?? pinPairProblem(pin, again),
      () => onAdd(name.trim(), role, pin),
      () => {
        onDone(name.trim());
      },
    );
  };
  return (
    <Form className="settings-form" aria-label={t`Add staff`} onSubmit={add} validationBehavior="aria">
      <TextField label={t`Name`} name="name" value={name} onChange={setName} autoFocus />
      <RoleField roles={roles} value={role} onChange={setRole} />
      <PinPair label={t`PIN`} pin={pin} again={again} onPin={setPin} onAgain={setAgain} />
      {message ? <Alert>{message}</Alert> : null}
      <Actions busy={busy} submitLabel={t`Add`} onCancel={onCancel} />
    </Form>
  );
}

export function EditStaffForm({
  member,
  roles,
  onSave,
  onDone,
  onCancel,
}: {
  member: StaffMember;
  roles: MemberRole[];
  onSave: (name: string, role: MemberRole) => Promise<void>;
  onDone: (name: string) => void;
  onCancel: () => void;
}) {
  const { t } = useLingui();
  const [typed, setTyped] = useState(member.name);
  const name = member.name;
  const [role, setRole] = useState<MemberRole>(member.role);
  const { busy, message, submit } = useCheckedSave();
  const save = (event: SyntheticEvent) => {
    event.preventDefault();
    void submit(
      nameProblem(typed),
      () => onSave(typed.trim(), role),
      () => {
        onDone(typed.trim());
      },
    );
  };
  return (
    <Form className="settings-form" aria-label={t`Edit ${name}`} onSubmit={save}>
      <TextField label={t`Name`} name="name" value={typed} onChange={setTyped} autoFocus />
      <RoleField
        roles={roles.includes(member.role) ? roles : [member.role, ...roles]}
        value={role}
        onChange={setRole}
      />
      {message ? <Alert>{message}</Alert> : null}
      <Actions busy={busy} submitLabel={t`Save`} onCancel={onCancel} />
    </Form>
  );
}

/** A PIN typed twice: "Your PIN", or a manager's "Reset PIN" for someone. */
export function PinForm({
  title,
  label,
  submitLabel,
  onSetPin,
  onDone,
  onCancel,
}: {
  title: string;
  label: string;
  submitLabel: string;
  onSetPin: (pin: string) => Promise<void>;
  onDone: () => void;
  onCancel?: () => void;
}) {
  const [pin, setPin] = useState('');
  const [again, setAgain] = useState('');
  const { busy, message, submit } = useCheckedSave();
  const save = (event: SyntheticEvent) => {
    event.preventDefault();
    void submit(
      pinPairProblem(pin, again),
      () => onSetPin(pin),
      () => {
        setPin('');
        setAgain('');
        onDone();
      },
    );
  };
  return (
    <Form className="settings-form" aria-label={title} onSubmit={save}>
      <PinPair label={label} pin={pin} again={again} onPin={setPin} onAgain={setAgain} />
      {message ? <Alert>{message}</Alert> : null}
      <Actions busy={busy} submitLabel={submitLabel} {...(onCancel ? { onCancel } : {})} />
    </Form>
  );
}
