// Who works at the shop (owners change roles and remove people; the last owner cannot leave the shop
// ownerless — the server refuses) and the invite codes that let new people join in a role.
import { useState, type SyntheticEvent } from 'react';
import { Form } from 'react-aria-components';
import { msg, t as translate } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import type { MemberRole } from '../../data/remote/memberships';
import type { InviteRow, MemberRow } from '../../data/remote/shop-settings';
import { formatWhen } from '../../lib/format-when';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { SelectField } from '../../ui/select-field';
import { TextField } from '../../ui/text-field';
import { useShopTimeZone } from '../../ui/when';
import { CopyCode } from './copy-code';
import type { SaveState } from './use-save';

type Save = (write: () => Promise<unknown>, done: string) => Promise<boolean>;

const ROLES: { value: MemberRole; label: MessageDescriptor }[] = [
  { value: 'cashier', label: msg`Cashier` },
  { value: 'manager', label: msg`Manager` },
  { value: 'owner', label: msg`Owner` },
];

export interface PeopleActions {
  setRole: (memberId: string, role: MemberRole) => Promise<unknown>;
  removeMember: (memberId: string) => Promise<unknown>;
  createInvite: (role: MemberRole, validDays: number, email: string | null) => Promise<InviteRow>;
  revokeInvite: (id: string) => Promise<unknown>;
}

/** Where an invite stands: 'valid' (it can still be used, and so withdrawn) or not, in words. */
export function inviteState(
  invite: InviteRow,
  timeZone?: string,
  now: Date = new Date(),
): { valid: boolean; words: string } {
  // 'Used' alone is also the storage page's space used: an invite's word has its own context.
  if (invite.usedAt) return { valid: false, words: translate({ message: 'Used', context: 'invite' }) };
  if (invite.revokedAt) return { valid: false, words: translate`Withdrawn` };
  if (Date.parse(invite.expiresAt) <= now.getTime()) return { valid: false, words: translate`Expired` };
  const date = formatWhen(invite.expiresAt, timeZone, 'date');
  return { valid: true, words: translate`Valid until ${date}` };
}

export function MembersAndInvites({
  members,
  invites,
  currentUserId,
  state,
  save,
  actions,
}: {
  members: MemberRow[];
  invites: InviteRow[] | null;
  currentUserId: string | null;
  state: SaveState;
  save: Save;
  actions: PeopleActions;
}) {
  const { t } = useLingui();
  const timeZone = useShopTimeZone();
  const roles = ROLES.map((item) => ({ value: item.value, label: t(item.label) }));
  const roleName = (value: MemberRole) => roles.find((item) => item.value === value)?.label ?? value;
  const [role, setRole] = useState<MemberRole>('cashier');
  const [email, setEmail] = useState('');
  const [days, setDays] = useState('7');
  const [problem, setProblem] = useState<string | null>(null);
  const invite = async (event: SyntheticEvent) => {
    event.preventDefault();
    const validDays = Number(days);
    if (!Number.isInteger(validDays) || validDays < 1 || validDays > 90) {
      setProblem(t`An invite is valid for 1 to 90 days.`);
      return;
    }
    const address = email.trim();
    if (address !== '' && !/^[^@\s]+@[^@\s]+$/.test(address)) {
      setProblem(t`That email address does not look right.`);
      return;
    }
    setProblem(null);
    let code = '';
    const made = await save(
      async () => {
        code = (await actions.createInvite(role, validDays, address === '' ? null : address)).code;
      },
      // [ONB-8] The server mails an invite that names an address.
      address === '' ? t`Invite created.` : t`Invite created and mailed to ${address}.`,
    );
    if (made) {
      setEmail('');
      setProblem(null);
      setCreated(code);
    }
  };
  const [created, setCreated] = useState<string | null>(null);
  return (
    <section className="settings-section" aria-labelledby="people-title">
      <h2 id="people-title" className="section-title">
        <Trans>People</Trans>
      </h2>
      {state.error ? <Alert>{state.error}</Alert> : null}
      {state.done ? <Alert tone="success">{state.done}</Alert> : null}
      <ul className="settings-list" aria-label={t`Members`}>
        {members.map((member) => {
          const self = member.userId === currentUserId;
          const name = member.displayName;
          return (
            <li key={member.id} className="settings-list__row">
              <span className="settings-list__name">{self ? t`${name} (you)` : name}</span>
              <SelectField
                label={t`Role of ${name}`}
                name={`role-${member.id}`}
                value={member.role}
                onChange={(value) => {
                  const next = value as MemberRole;
                  const role = roleName(next);
                  void save(() => actions.setRole(member.id, next), t`${name} is now ${role}.`);
                }}
                options={roles}
              />
              {self ? null : (
                <Button
                  variant="danger"
                  aria-label={t`Remove ${name}`}
                  isDisabled={state.busy}
                  onPress={() => void save(() => actions.removeMember(member.id), t`${name} removed.`)}
                >
                  <Trans>Remove</Trans>
                </Button>
              )}
            </li>
          );
        })}
      </ul>
      <h3 className="settings-section__subtitle">
        <Trans>Invite someone</Trans>
      </h3>
      <Form className="settings-form settings-form--inline" onSubmit={(event) => void invite(event)}>
        <SelectField
          label={t`Role`}
          name="invite-role"
          value={role}
          onChange={(value) => {
            setRole(value as MemberRole);
          }}
          options={roles}
        />
        <TextField
          label={t`Email (optional)`}
          name="invite-email"
          type="email"
          value={email}
          onChange={setEmail}
          description={t`Only someone who can open mail sent to this address can use the code.`}
        />
        <TextField
          label={t`Valid for (days)`}
          name="invite-days"
          inputMode="numeric"
          value={days}
          onChange={setDays}
        />
        <Button type="submit" isDisabled={state.busy}>
          <Trans>Create invite</Trans>
        </Button>
      </Form>
      {problem ? <Alert>{problem}</Alert> : null}
      {created ? (
        <Alert tone="success" title={t`Share this code`}>
          <p>
            <Trans>
              <strong className="invite-code">{created}</strong> — they enter it after signing up, under “Join
              a shop”.
            </Trans>
          </p>
          <CopyCode code={created} />
        </Alert>
      ) : null}
      {invites && invites.length > 0 ? (
        <ul className="settings-list" aria-label={t`Invites`}>
          {invites.map((item) => {
            const status = inviteState(item, timeZone);
            const code = item.code;
            return (
              <li key={item.id} className="settings-list__row">
                <span className="settings-list__name invite-code">{code}</span>
                <span className="settings-list__detail">
                  {roleName(item.role)}
                  {item.email ? ` · ${item.email}` : ''} · {status.words}
                </span>
                {status.valid ? (
                  <Button
                    variant="secondary"
                    aria-label={t`Withdraw invite ${code}`}
                    isDisabled={state.busy}
                    onPress={() =>
                      void save(() => actions.revokeInvite(item.id), t`Invite ${code} withdrawn.`)
                    }
                  >
                    <Trans>Withdraw</Trans>
                  </Button>
                ) : null}
              </li>
            );
          })}
        </ul>
      ) : null}
    </section>
  );
}
