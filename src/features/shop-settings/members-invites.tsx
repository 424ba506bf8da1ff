// Who works at the shop (owners change roles and remove people; the last owner cannot leave the shop
// ownerless — the server refuses) and the invite codes that let new people join in a role.
import { useState, type SyntheticEvent } from 'react';
import { Form } from 'react-aria-components';
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

const ROLES: { value: MemberRole; label: string }[] = [
  { value: 'cashier', label: 'Cashier' },
  { value: 'manager', label: 'Manager' },
  { value: 'owner', label: 'Owner' },
];

const roleName = (role: MemberRole) => ROLES.find((item) => item.value === role)?.label ?? role;

export interface PeopleActions {
  setRole: (memberId: string, role: MemberRole) => Promise<unknown>;
  removeMember: (memberId: string) => Promise<unknown>;
  createInvite: (role: MemberRole, validDays: number, email: string | null) => Promise<InviteRow>;
  revokeInvite: (id: string) => Promise<unknown>;
}

/** Where an invite stands, in words. */
export function inviteState(invite: InviteRow, timeZone?: string, now: Date = new Date()): string {
  if (invite.usedAt) return 'Used';
  if (invite.revokedAt) return 'Withdrawn';
  if (Date.parse(invite.expiresAt) <= now.getTime()) return 'Expired';
  return `Valid until ${formatWhen(invite.expiresAt, timeZone, 'date')}`;
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
  const timeZone = useShopTimeZone();
  const [role, setRole] = useState<MemberRole>('cashier');
  const [email, setEmail] = useState('');
  const [days, setDays] = useState('7');
  const [problem, setProblem] = useState<string | null>(null);
  const invite = async (event: SyntheticEvent) => {
    event.preventDefault();
    const validDays = Number(days);
    if (!Number.isInteger(validDays) || validDays < 1 || validDays > 90) {
      setProblem('An invite is valid for 1 to 90 days.');
      return;
    }
    const address = email.trim();
    if (address !== '' && !/^[^@\s]+@[^@\s]+$/.test(address)) {
      setProblem('That email address does not look right.');
      return;
    }
    setProblem(null);
    let code = '';
    const made = await save(
      async () => {
        code = (await actions.createInvite(role, validDays, address === '' ? null : address)).code;
      },
      // [ONB-8] The server mails an invite that names an address.
      address === '' ? 'Invite created.' : `Invite created and mailed to ${address}.`,
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
        People
      </h2>
      {state.error ? <Alert>{state.error}</Alert> : null}
      {state.done ? <Alert tone="success">{state.done}</Alert> : null}
      <ul className="settings-list" aria-label="Members">
        {members.map((member) => {
          const self = member.userId === currentUserId;
          return (
            <li key={member.id} className="settings-list__row">
              <span className="settings-list__name">
                {member.displayName}
                {self ? ' (you)' : ''}
              </span>
              <SelectField
                label={`Role of ${member.displayName}`}
                name={`role-${member.id}`}
                value={member.role}
                onChange={(value) => {
                  const next = value as MemberRole;
                  void save(
                    () => actions.setRole(member.id, next),
                    `${member.displayName} is now ${roleName(next)}.`,
                  );
                }}
                options={ROLES}
              />
              {self ? null : (
                <Button
                  variant="danger"
                  aria-label={`Remove ${member.displayName}`}
                  isDisabled={state.busy}
                  onPress={() =>
                    void save(() => actions.removeMember(member.id), `${member.displayName} removed.`)
                  }
                >
                  Remove
                </Button>
              )}
            </li>
          );
        })}
      </ul>
      <h3 className="settings-section__subtitle">Invite someone</h3>
      <Form className="settings-form settings-form--inline" onSubmit={(event) => void invite(event)}>
        <SelectField
          label="Role"
          name="invite-role"
          value={role}
          onChange={(value) => {
            setRole(value as MemberRole);
          }}
          options={ROLES}
        />
        <TextField
          label="Email (optional)"
          name="invite-email"
          type="email"
          value={email}
          onChange={setEmail}
          description="Only someone who can open mail sent to this address can use the code."
        />
        <TextField
          label="Valid for (days)"
          name="invite-days"
          inputMode="numeric"
          value={days}
          onChange={setDays}
        />
        <Button type="submit" isDisabled={state.busy}>
          Create invite
        </Button>
      </Form>
      {problem ? <Alert>{problem}</Alert> : null}
      {created ? (
        <Alert tone="success" title="Share this code">
          <p>
            <strong className="invite-code">{created}</strong> — they enter it after signing up, under “Join a
            shop”.
          </p>
          <CopyCode code={created} />
        </Alert>
      ) : null}
      {invites && invites.length > 0 ? (
        <ul className="settings-list" aria-label="Invites">
          {invites.map((item) => {
            const status = inviteState(item, timeZone);
            return (
              <li key={item.id} className="settings-list__row">
                <span className="settings-list__name invite-code">{item.code}</span>
                <span className="settings-list__detail">
                  {roleName(item.role)}
                  {item.email ? ` · ${item.email}` : ''} · {status}
                </span>
                {status.startsWith('Valid') ? (
                  <Button
                    variant="secondary"
                    aria-label={`Withdraw invite ${item.code}`}
                    isDisabled={state.busy}
                    onPress={() =>
                      void save(() => actions.revokeInvite(item.id), `Invite ${item.code} withdrawn.`)
                    }
                  >
                    Withdraw
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
