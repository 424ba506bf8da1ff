// The one manager-approval dialog (issue 18): what is being approved, the managers and owners who have a
// PIN, and a field labelled 'PIN'; beside it "Use a security key" when a manager here has one (issue 33).
// Closing it cancels the action and loses nothing: the cart, the refund form and the count stay as they were.
import { useCallback, useState, useSyncExternalStore } from 'react';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { companyStaff } from '../../data/local/mirror-reads';
import type { WebAuthnPort } from '../../data/devices/webauthn';
import { Alert } from '../../ui/alert';
import { Dialog } from '../../ui/dialog';
import { Button } from '../../ui/button';
import { readyValue, useLiveQuery } from '../../ui/use-live-query';
import type { ApprovalDesk, ApprovalRequest } from './approval-desk';
import { useTillPeople } from './lock-screen';
import { approveWithKey, keyHoldersOf, type KeyHolder } from './passkey-approval';
import { PinEntry } from './pin-entry';
import type { SharedTillDeps } from './shared-till-deps';
import { isManager } from './till-session';

const ACTION_TITLES = {
  refund: msg`Approve a refund`,
  discount: msg`Approve a discount`,
  price_override: msg`Approve a price change`,
  line_removal: msg`Approve removing a line`,
  no_sale: msg`Approve opening the drawer`,
  shift_difference: msg`Approve a cash difference`,
  value_adjust: msg`Approve a balance adjustment`,
} as const;

export function ApprovalDialog({ desk, deps }: { desk: ApprovalDesk; deps: SharedTillDeps }) {
  const { t } = useLingui();
  const request = useSyncExternalStore(desk.subscribe, desk.pending);
  const people = useTillPeople(deps);
  const managers = (people ?? []).filter((person) => isManager(person.role));
  const holders = useKeyHolders(deps);
  const webauthn = deps.webauthn?.supported() ? deps.webauthn : null;
  const withKey = webauthn !== null && holders.length > 0;
  const cancel = () => void desk.answer(null);
  return (
    <Dialog
      title={request ? t(ACTION_TITLES[request.action]) : t`Manager approval`}
      isOpen={request !== null}
      onOpenChange={(open) => {
        if (!open) cancel();
      }}
    >
      {request ? (
        <div className="approval-dialog">
          <p>{request.what}</p>
          <p>
            {withKey ? (
              <Trans>A manager approves it with their PIN or security key.</Trans>
            ) : (
              <Trans>A manager approves it with their PIN.</Trans>
            )}
          </p>
          {people === undefined ? (
            // Until the staff are read, neither "nobody has a PIN" nor the list of managers is true; and the
            // entry must start on the one manager, which it decides when it first appears.
            <p aria-busy="true">
              <Trans>Reading this shop&apos;s staff…</Trans>
            </p>
          ) : (
            <PinEntry
              key={`${request.action}:${request.subjectId}`}
              deps={deps}
              people={managers}
              question={t`Which manager approves?`}
              submitLabel={t`Approve`}
              initial={managers.length === 1 ? (managers[0] ?? null) : null}
              onRight={(manager, key) => desk.answer({ id: manager.id, name: manager.name, key })}
              offlineMessage={t`A manager’s approval needs a connection on this till. Cancel to go on without it, or try again when online.`}
            />
          )}
          {withKey ? (
            <SecurityKey
              key={`${request.action}:${request.subjectId}:key`}
              desk={desk}
              deps={deps}
              request={request}
              webauthn={webauthn}
              holders={holders}
            />
          ) : null}
          <Button variant="ghost" onPress={cancel}>
            <Trans>Cancel</Trans>
          </Button>
        </div>
      ) : null}
    </Dialog>
  );
}

/** The till's rp id: WebAuthn binds a key to the site's host. */
const rpId = () => window.location.hostname;

/** [PASSKEY-T7] This till's managers and owners with a security key for this site, read live from the mirror. */
function useKeyHolders(deps: SharedTillDeps): readonly KeyHolder[] {
  const { mirror, companyId } = deps;
  const read = useCallback(
    async () => keyHoldersOf(await companyStaff(mirror, companyId), rpId()),
    [mirror, companyId],
  );
  return readyValue(useLiveQuery(read)) ?? [];
}

/** [PASSKEY-T7] "Use a security key": one touch, checked here, offline; a failure says why and approves nothing. */
function SecurityKey({
  desk,
  deps,
  request,
  webauthn,
  holders,
}: {
  desk: ApprovalDesk;
  deps: SharedTillDeps;
  request: ApprovalRequest;
  webauthn: WebAuthnPort;
  holders: readonly KeyHolder[];
}) {
  const { t } = useLingui();
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const touchKey = async () => {
    setBusy(true);
    setMessage(null);
    const answer = await approveWithKey(webauthn, holders, {
      companyId: deps.companyId,
      action: request.action,
      subjectId: request.subjectId,
      rpId: rpId(),
    });
    setBusy(false);
    if (answer.ok) await desk.answerWithPasskey(answer.by.id, answer.passkey);
    else setMessage(answer.message);
  };
  return (
    <div className="approval-dialog__key">
      {message ? <Alert tone="error">{message}</Alert> : null}
      <Button variant="secondary" isDisabled={busy} onPress={() => void touchKey()}>
        {busy ? t`Touch the security key…` : t`Use a security key`}
      </Button>
    </div>
  );
}
