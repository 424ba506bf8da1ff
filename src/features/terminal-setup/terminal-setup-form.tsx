// Terminal setup on a new device (issue #5): choose the store, name the till, register it once over the
// network. The device-made id is made once per form and kept across retries, so a lost answer followed by
// "Set up this till" again gets the same terminal back ([TERM-1]).
import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useCallback, useState, type SyntheticEvent } from 'react';
import { Form } from 'react-aria-components';
import type { TerminalIdentity } from '../../data/local/ledger-types';
import type { MirrorRow } from '../../data/local/mirror-db';
import { companyRows } from '../../data/local/mirror-reads';
import { setUpTerminal } from '../../data/local/terminal';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { SelectField } from '../../ui/select-field';
import { TextField } from '../../ui/text-field';
import { setupErrorText } from './setup-errors';
import type { TerminalSetupDeps } from './terminal-setup-deps';
import { readyValue, useLiveQuery } from '../../ui/use-live-query';
import { useOnline } from '../../ui/use-online';
import './terminal-setup.css';

function nameOf(row: MirrorRow): string {
  return typeof row.name === 'string' && row.name !== '' ? row.name : t`Unnamed store`;
}

export function TerminalSetupForm({
  deps,
  onDone,
}: {
  deps: TerminalSetupDeps;
  onDone: (terminal: TerminalIdentity) => void;
}) {
  const { mirror, companyId } = deps;
  const storesQuery = useCallback(() => companyRows(mirror, 'stores', companyId), [mirror, companyId]);
  const tillsQuery = useCallback(() => companyRows(mirror, 'terminals', companyId), [mirror, companyId]);
  const storesAnswer = useLiveQuery(storesQuery);
  const tills = readyValue(useLiveQuery(tillsQuery));
  const online = useOnline();
  const [id] = useState(() => deps.ids());
  const [storeId, setStoreId] = useState<string | null>(null);
  const [name, setName] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [asked, setAsked] = useState(false);

  if (storesAnswer.kind === 'loading') {
    return <p className="terminal-setup__note">{t`Loading your shop’s stores…`}</p>;
  }
  if (storesAnswer.kind === 'failed')
    return <Alert>{t`This device could not read your shop’s stores.`}</Alert>;
  const sorted = [...storesAnswer.value].sort((a, b) => nameOf(a).localeCompare(nameOf(b)));
  const first = sorted[0];
  if (!first) {
    return (
      <div className="terminal-setup">
        <Alert tone="info" title={t`No stores on this device yet`}>
          {online ? (
            <Trans>Connect once so this device can load your shop’s stores.</Trans>
          ) : (
            <Trans>
              Connect once so this device can load your shop’s stores. This device is offline now.
            </Trans>
          )}
        </Alert>
        <Button
          variant="secondary"
          onPress={() => {
            setAsked(true);
            deps.syncNow();
          }}
        >
          {asked ? t`Try again` : t`Load stores`}
        </Button>
      </div>
    );
  }
  const chosen = sorted.some((store) => store.id === storeId) ? (storeId ?? first.id) : first.id;
  // The next free "Till n" as far as this device knows; the server hands out the code (T1, T2, …) itself.
  const next = (tills?.length ?? 0) + 1;
  const suggested = t`Till ${next}`;
  const tillName = name ?? suggested;

  async function submit(event: SyntheticEvent) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setProblem(null);
    const answer = await setUpTerminal(deps, { storeId: chosen, name: tillName, id });
    setBusy(false);
    if (answer.ok) onDone(answer.value);
    else setProblem(setupErrorText(answer.error));
  }

  return (
    <Form className="terminal-setup" onSubmit={(event) => void submit(event)} validationBehavior="aria">
      {online ? null : (
        <Alert tone="warning">
          <Trans>
            This device is offline. Setting up a till needs the network once; connect and then set it up.
          </Trans>
        </Alert>
      )}
      {problem ? <Alert>{problem}</Alert> : null}
      <SelectField
        label={t`Store`}
        name="store"
        value={chosen}
        onChange={setStoreId}
        options={sorted.map((store) => ({ value: store.id, label: nameOf(store) }))}
      />
      <TextField label={t`Till name`} name="till-name" value={tillName} onChange={setName} maxLength={100} />
      <Button type="submit" size="lg" isDisabled={busy}>
        {busy ? t`Setting up…` : t`Set up this till`}
      </Button>
    </Form>
  );
}
