// Settings → Devices (issue 33, supabase/SPEC.md §21): the shop's paired tills, when each last synced, a
// one-time code to pair another ('Pair a device'), and 'Revoke' with a confirmation. A paired till signs in
// as itself, so nobody at its counter holds a manager's session; a revoked one stops syncing at once and
// keeps what it has not synced for a manager to send.
import { useState, type SyntheticEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Form } from 'react-aria-components';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  devicesQuery,
  deviceWrites,
  type DeviceWrites,
  type PairedDevice,
  type PairingCode,
} from '../../data/remote/devices';
import type { Supabase } from '../../data/remote/supabase-client';
import { formatWhen } from '../../lib/format-when';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { DataTable, type Column } from '../../ui/data-table';
import { Dialog } from '../../ui/dialog';
import { SelectField } from '../../ui/select-field';
import { TextField } from '../../ui/text-field';
import { useShopTimeZone } from '../../ui/when';
import { CopyCode } from './copy-code';
import { useSave } from './use-save';
import './shop-settings.css';

export function DevicesPage({
  companyId,
  supabase,
  writes: givenWrites,
}: {
  companyId: string;
  supabase: Supabase;
  writes?: DeviceWrites;
}) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const page = useQuery(devicesQuery(supabase, companyId));
  const writes = givenWrites ?? deviceWrites(supabase, companyId);
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: ['devices', companyId] });
  };
  const state = useSave(refresh);
  const [revoking, setRevoking] = useState<PairedDevice | null>(null);
  const revokingName = revoking?.name ?? '';
  const revoke = async (device: PairedDevice) => {
    setRevoking(null);
    const name = device.name;
    await state.save(() => writes.revoke(device.id), t`${name} is unpaired.`);
  };
  return (
    <>
      <section className="settings-section" aria-labelledby="devices-title">
        <h2 id="devices-title" className="section-title">
          <Trans>Paired tills</Trans>
        </h2>
        <p className="settings-section__note">
          <Trans>
            A paired till signs in as itself: it sells and syncs for its store only, and nobody at its counter
            holds a manager’s or an owner’s session.
          </Trans>
        </p>
        {page.isError ? (
          <Alert>
            <Trans>Paired tills are kept on the server and could not be loaded.</Trans> {page.error.message}
          </Alert>
        ) : null}
        {state.error ? <Alert>{state.error}</Alert> : null}
        {state.done ? <Alert tone="success">{state.done}</Alert> : null}
        <DeviceTable devices={page.data?.devices ?? []} busy={state.busy} onRevoke={setRevoking} />
      </section>
      <PairForm stores={page.data?.stores ?? null} writes={writes} onPaired={refresh} />
      <Dialog
        title={revoking ? t`Revoke ${revokingName}?` : t`Revoke`}
        isOpen={revoking !== null}
        onOpenChange={(open) => {
          if (!open) setRevoking(null);
        }}
      >
        <p>
          <Trans>
            It stops syncing at once and must be paired again with a new code. Sales it has not sent stay on
            it: a manager or an owner who signs in on it sends them.
          </Trans>
        </p>
        <div className="dialog__actions">
          <Button
            variant="secondary"
            onPress={() => {
              setRevoking(null);
            }}
          >
            <Trans>Cancel</Trans>
          </Button>
          <Button variant="danger" onPress={() => void (revoking ? revoke(revoking) : undefined)}>
            <Trans>Revoke</Trans>
          </Button>
        </div>
      </Dialog>
    </>
  );
}

function DeviceTable({
  devices,
  busy,
  onRevoke,
}: {
  devices: PairedDevice[];
  busy: boolean;
  onRevoke: (device: PairedDevice) => void;
}) {
  const { t } = useLingui();
  const zone = useShopTimeZone();
  const when = (at: string | null) => (at ? formatWhen(at, zone) : t`Never`);
  // Five columns, so the list fits a phone: the store under the till's name, who paired it beside when.
  const columns: Column<PairedDevice>[] = [
    {
      key: 'name',
      header: t`Till`,
      rowHeader: true,
      cell: (d) => (
        <>
          {d.name}
          <span className="devices-table__detail">{d.storeName}</span>
        </>
      ),
    },
    {
      key: 'paired',
      header: t`Paired`,
      cell: (d) => {
        const by = d.pairedByName;
        return (
          <>
            {when(d.pairedAt)}
            {by ? (
              <span className="devices-table__detail">
                <Trans>by {by}</Trans>
              </span>
            ) : null}
          </>
        );
      },
    },
    { key: 'synced', header: t`Last synced`, cell: (d) => when(d.lastSyncedAt) },
    {
      key: 'status',
      header: t`Status`,
      // 'Revoke' sits under 'Active' rather than in a column of its own: one column less on a phone.
      cell: (d) => {
        const name = d.name;
        const revoked = d.revokedAt ? when(d.revokedAt) : null;
        return revoked !== null ? (
          t`Revoked ${revoked}`
        ) : (
          <span className="devices-table__status">
            <Trans>Active</Trans>
            <Button
              variant="danger"
              aria-label={t`Revoke ${name}`}
              isDisabled={busy}
              onPress={() => {
                onRevoke(d);
              }}
            >
              <Trans>Revoke</Trans>
            </Button>
          </span>
        );
      },
    },
  ];
  return (
    <div className="devices-table">
      <DataTable
        label={t`Paired tills`}
        className="devices-table__list"
        columns={columns}
        rows={devices}
        rowKey={(d) => d.id}
        empty={
          <p>
            <Trans>
              No till is paired yet. Pair one below: it then signs in with a code instead of a password.
            </Trans>
          </p>
        }
      />
    </div>
  );
}

function PairForm({
  stores,
  writes,
  onPaired,
}: {
  /** Null until the shop's stores have loaded: the form waits for them rather than refusing. */
  stores: { id: string; name: string }[] | null;
  writes: DeviceWrites;
  onPaired: () => void;
}) {
  const { t } = useLingui();
  const zone = useShopTimeZone();
  const [name, setName] = useState('');
  const [store, setStore] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [made, setMade] = useState<PairingCode | null>(null);
  const state = useSave(onPaired);
  const storeId = store === '' ? (stores?.[0]?.id ?? '') : store;
  const madeName = made?.name ?? '';
  const until = made ? formatWhen(made.expiresAt, zone, 'time') : '';
  const submit = async (event: SyntheticEvent) => {
    event.preventDefault();
    if (name.trim() === '' || name.trim().length > 100) {
      setProblem(t`Give the till a name of at most 100 characters, such as “Front counter”.`);
      return;
    }
    if (storeId === '') {
      setProblem(t`The shop has no store to pair a till for.`);
      return;
    }
    setProblem(null);
    setMade(null);
    const answer: { code: PairingCode | null } = { code: null };
    const ok = await state.save(
      async () => {
        answer.code = await writes.createCode(storeId, name.trim());
      },
      t`Code ready.`,
    );
    if (ok && answer.code) {
      setMade(answer.code);
      setName('');
    }
  };
  return (
    <section className="settings-section" aria-labelledby="pair-title">
      <h2 id="pair-title" className="section-title">
        <Trans>Pair a device</Trans>
      </h2>
      {state.error ? <Alert>{state.error}</Alert> : null}
      <Form
        aria-label={t`Pair a device`}
        className="settings-form settings-form--inline"
        onSubmit={(event) => void submit(event)}
      >
        <TextField label={t`Till name`} name="device-name" value={name} onChange={setName} error={problem} />
        <SelectField
          label={t`Store`}
          name="device-store"
          value={storeId}
          onChange={setStore}
          options={(stores ?? []).map((s) => ({ value: s.id, label: s.name }))}
        />
        <Button type="submit" isDisabled={state.busy || stores === null}>
          <Trans>Pair a device</Trans>
        </Button>
      </Form>
      {made ? (
        <div className="pairing-code" role="region" aria-label={t`One-time code`}>
          <p>
            <Trans>
              On the new till, open the sign-in page, choose ‘Pair this device’ and type this code for{' '}
              <strong>{madeName}</strong>:
            </Trans>
          </p>
          <p className="pairing-code__value" aria-label={t`Pairing code`}>
            {made.code}
          </p>
          <p>
            <Trans>It works once, until {until}.</Trans>
          </p>
          <CopyCode code={made.code} />
        </div>
      ) : null}
    </section>
  );
}
