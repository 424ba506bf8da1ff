// Settings → Staff (issue 18): who works the till — members and PIN-only staff — with their role, whether
// they are active and whether a PIN is set. Owners and managers add, edit, deactivate and reset PINs of the
// staff they may manage; every member sets their own PIN. A PIN never leaves the browser: it is turned into
// a salted key and verifier here (staff-pin.ts) and those are sent. Managers and owners add their own
// security keys (security-keys.tsx, issue 33). The server decides who may do what.
import { useState, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Membership, MemberRole } from '../../data/remote/memberships';
import { SettingsError } from '../../data/remote/shop-settings';
import {
  approvalPinDigitsQuery,
  approvalPinProblem,
  staffQuery,
  staffWrites,
  type StaffDraft,
  type StaffMember,
  type StaffWrites,
} from '../../data/remote/staff';
import { staffPasskeys, type StaffPasskeys } from '../../data/remote/staff-passkeys';
import type { Supabase } from '../../data/remote/supabase-client';
import { browserWebAuthn, type WebAuthnPort } from '../../data/devices/webauthn';
import { newId } from '../../domain/ids';
import type { PinSecret } from '../../domain/staff-pin';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { languageWrites } from '../../data/remote/languages';
import type { ShippedLocale } from '../../lib/i18n/locales';
import { SecurityKeys } from './security-keys';
import { StaffLanguage, useStaffLanguageError } from './staff-language';
import { AddStaffForm, EditStaffForm, PinForm } from './staff-forms';
import { canManage, newPinSecret, ROLE_NAMES, rolesToGive } from './staff-rules';
import { useSave } from './use-save';
import './shop-settings.css';

type Panel = { kind: 'add' } | { kind: 'edit' | 'pin'; id: string } | null;

export function StaffPage({
  membership,
  currentUserId,
  supabase,
  writes: givenWrites,
  newSecret = newPinSecret,
  approvalPinDigits,
  passkeys: givenPasskeys,
  webauthn = browserWebAuthn,
  setLanguage: givenSetLanguage,
}: {
  membership: Membership;
  currentUserId: string | null;
  supabase: Supabase;
  writes?: StaffWrites;
  /** How a typed PIN becomes what is stored (tests pin the salt). */
  newSecret?: (pin: string) => Promise<PinSecret>;
  /** The shop's rule for managers' and owners' PINs; read from the shop when not given (tests give it). */
  approvalPinDigits?: 4 | 6;
  /** [PASSKEY-T8] The passkey rpcs (tests fake them) and the browser's WebAuthn. */
  passkeys?: StaffPasskeys;
  webauthn?: WebAuthnPort;
  /** [LANG-4] Sets a staff member's language on the shared till (tests fake it). */
  setLanguage?: (staffId: string, language: ShippedLocale | null) => Promise<void>;
}) {
  const { t } = useLingui();
  const { companyId, role } = membership;
  const queryClient = useQueryClient();
  const staff = useQuery(staffQuery(supabase, companyId));
  const digitsRule = useQuery({
    ...approvalPinDigitsQuery(supabase, companyId),
    enabled: approvalPinDigits === undefined,
  });
  const requiredDigits = approvalPinDigits ?? digitsRule.data ?? 4;
  const writes = givenWrites ?? staffWrites(supabase, companyId);
  const [panel, setPanel] = useState<Panel>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [addId, setAddId] = useState(newId);
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: ['staff', companyId] });
  };
  const rowSave = useSave(refresh);
  const languageError = useStaffLanguageError();
  const setLanguage =
    givenSetLanguage ??
    ((staffId: string, language: ShippedLocale | null) =>
      languageWrites(supabase).setStaffLanguage(companyId, staffId, language));
  const done = (message: string) => {
    setPanel(null);
    setNotice(message);
    refresh();
  };
  // [STAFF-16] The server takes the browser's word for a PIN's length, so the length is checked here.
  const setPin = async (staffId: string, staffRole: MemberRole, pin: string) => {
    const problem = approvalPinProblem(pin, staffRole, requiredDigits);
    if (problem !== null) throw new SettingsError(problem);
    await writes.setPin(staffId, await newSecret(pin));
  };
  // The new person's id stays the same until the add succeeds, so a retry after a refused PIN edits the
  // row the first try made instead of adding the person twice.
  const add = async (name: string, staffRole: MemberRole, pin: string) => {
    await writes.saveStaff({ id: addId, name, role: staffRole, active: true });
    await setPin(addId, staffRole, pin);
  };
  const roles = rolesToGive(role);
  const manager = roles.length > 0;
  const self = staff.data?.find((member) => member.userId === currentUserId);

  return (
    <>
      {notice ? <Alert tone="success">{notice}</Alert> : null}
      {staff.isError ? (
        <Alert>
          <Trans>Staff are kept on the server and could not be loaded.</Trans> {staff.error.message}
        </Alert>
      ) : null}
      {currentUserId ? (
        <section className="settings-section" aria-labelledby="own-pin-title">
          <h2 id="own-pin-title" className="section-title">
            <Trans>Your PIN</Trans>
          </h2>
          <p className="settings-section__note">
            {self?.hasPin ? (
              <Trans>You have a PIN. Type a new one to change it.</Trans>
            ) : (
              <Trans>Set a PIN to unlock a shared till as yourself.</Trans>
            )}
          </p>
          <PinForm
            title={t`Your PIN`}
            label={t`Your new PIN`}
            submitLabel={t`Save your PIN`}
            onSetPin={(pin) => setPin(self?.id ?? currentUserId, self?.role ?? role, pin)}
            onDone={() => {
              done(t`Your PIN is saved.`);
            }}
          />
        </section>
      ) : null}
      {self && role !== 'cashier' ? (
        <SecurityKeys
          companyId={companyId}
          staffId={self.id}
          personName={self.name}
          passkeys={givenPasskeys ?? staffPasskeys(supabase, companyId)}
          webauthn={webauthn}
        />
      ) : null}
      {manager ? (
        <section className="settings-section" aria-labelledby="staff-title">
          <h2 id="staff-title" className="section-title">
            <Trans>Staff</Trans>
          </h2>
          {rowSave.error ? <Alert>{rowSave.error}</Alert> : null}
          {staff.data ? (
            <ul className="settings-list" aria-label={t`Staff`}>
              {staff.data.map((member) => {
                const name = member.name;
                return (
                  <StaffRow
                    key={member.id}
                    member={member}
                    isSelf={member.id === self?.id}
                    canChange={member.id !== self?.id && canManage(role, member.role)}
                    panel={panel}
                    busy={rowSave.busy}
                    onPanel={setPanel}
                    onActive={(active) => {
                      const message = active ? t`${name} is active again.` : t`${name} is deactivated.`;
                      void rowSave
                        .save(() => writes.saveStaff({ ...draftOf(member), active }), message)
                        .then((saved) => {
                          setNotice(saved ? message : null);
                        });
                    }}
                    languageSelect={
                      <StaffLanguage
                        member={member}
                        onChange={(language) => {
                          void rowSave.save(async () => {
                            try {
                              await setLanguage(member.id, language);
                            } catch (error) {
                              throw languageError(error);
                            }
                          }, '');
                        }}
                      />
                    }
                    editForm={
                      <EditStaffForm
                        member={member}
                        roles={roles}
                        onSave={(name, staffRole) =>
                          writes.saveStaff({ ...draftOf(member), name, role: staffRole })
                        }
                        onDone={(name) => {
                          done(t`${name} is saved.`);
                        }}
                        onCancel={() => {
                          setPanel(null);
                        }}
                      />
                    }
                    pinForm={
                      <PinForm
                        title={t`Reset PIN of ${name}`}
                        label={t`New PIN for ${name}`}
                        submitLabel={t`Save PIN`}
                        onSetPin={(pin) => setPin(member.id, member.role, pin)}
                        onDone={() => {
                          done(t`${name}’s PIN is saved.`);
                        }}
                        onCancel={() => {
                          setPanel(null);
                        }}
                      />
                    }
                  />
                );
              })}
            </ul>
          ) : staff.isError ? null : (
            <p aria-busy="true">
              <Trans>Loading staff…</Trans>
            </p>
          )}
          {panel?.kind === 'add' ? (
            <AddStaffForm
              roles={roles}
              onAdd={add}
              onDone={(name) => {
                setAddId(newId());
                done(t`${name} is added.`);
              }}
              onCancel={() => {
                setPanel(null);
              }}
            />
          ) : (
            <Button
              onPress={() => {
                setNotice(null);
                setPanel({ kind: 'add' });
              }}
            >
              <Trans>Add staff</Trans>
            </Button>
          )}
        </section>
      ) : null}
    </>
  );
}

const draftOf = (member: StaffMember): StaffDraft => ({
  id: member.id,
  name: member.name,
  role: member.role,
  active: member.active,
});

function StaffRow({
  member,
  isSelf,
  canChange,
  panel,
  busy,
  onPanel,
  onActive,
  languageSelect,
  editForm,
  pinForm,
}: {
  member: StaffMember;
  isSelf: boolean;
  canChange: boolean;
  panel: Panel;
  busy: boolean;
  onPanel: (panel: Panel) => void;
  onActive: (active: boolean) => void;
  /** [LANG-4] Their language on a shared till, shown to whoever may change them. */
  languageSelect: ReactNode;
  editForm: ReactNode;
  pinForm: ReactNode;
}) {
  const { t } = useLingui();
  const open = panel !== null && panel.kind !== 'add' && panel.id === member.id ? panel.kind : null;
  const name = member.name;
  const detail = [
    t(ROLE_NAMES[member.role]),
    member.userId === null ? t`PIN only` : t`Member`,
    member.active ? t`Active` : t`Inactive`,
    member.hasPin ? t`PIN set` : t`No PIN`,
  ].join(' · ');
  return (
    <li className="settings-list__row">
      <span className="settings-list__name">{isSelf ? t`${name} (you)` : name}</span>
      <span className="settings-list__detail">{detail}</span>
      {canChange ? <span className="settings-list__language">{languageSelect}</span> : null}
      {canChange ? (
        <span className="settings-list__actions">
          {member.userId === null ? (
            <Button
              variant="secondary"
              aria-label={t`Edit ${name}`}
              onPress={() => {
                onPanel({ kind: 'edit', id: member.id });
              }}
            >
              <Trans>Edit</Trans>
            </Button>
          ) : null}
          <Button
            variant="secondary"
            aria-label={t`Reset PIN of ${name}`}
            onPress={() => {
              onPanel({ kind: 'pin', id: member.id });
            }}
          >
            <Trans>Reset PIN</Trans>
          </Button>
          <Button
            variant={member.active ? 'danger' : 'secondary'}
            aria-label={member.active ? t`Deactivate ${name}` : t`Reactivate ${name}`}
            isDisabled={busy}
            onPress={() => {
              onActive(!member.active);
            }}
          >
            {member.active ? <Trans>Deactivate</Trans> : <Trans>Reactivate</Trans>}
          </Button>
        </span>
      ) : null}
      {open === 'edit' ? editForm : open === 'pin' ? pinForm : null}
    </li>
  );
}
