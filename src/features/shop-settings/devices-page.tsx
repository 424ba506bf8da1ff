// Settings → Devices (issue 33, supabase/SPEC.md §21): the shop's paired tills, when each last synced, a
// one-time code to pair another ('Pair a device'), and 'Revoke' with a confirmation. A paired till signs in
// as itself, so nobody at its counter holds a manager's session; a revoked one stops syncing at once and
// keeps what it has not synced for a manager to send.
import { useState, type SyntheticEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Form } from 'react-aria-components';
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
  const queryClient = useQueryClient();
  const page = useQuery(devicesQuery(supabase, companyId));
  const writes = givenWrites ?? deviceWrites(supabase, companyId);
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: ['devices', companyId] });
  };
  const state = useSave(refresh);
  const [revoking, setRevoking] = useState<PairedDevice | null>(null);
  const revoke = async (device: PairedDevice) => {
    setRevoking(null);
    await state.save(() => writes.revoke(device.id), `${device.name} is unpaired.`);
  };
  return (
    <>
      <section className="settings-section" aria-labelledby="devices-title">
        <h2 id="devices-title" className="section-title">
          Paired tills
        </h2>
        <p className="settings-section__note">
          A paired till signs in as itself: it sells and syncs for its store only, and nobody at its counter
          holds a manager’s or an owner’s session.
        </p>
        {page.isError ? (
          <Alert>Paired tills are kept on the server and could not be loaded. {page.error.message}</Alert>
        ) : null}
        {state.error ? <Alert>{state.error}</Alert> : null}
        {state.done ? <Alert tone="success">{state.done}</Alert> : null}
        <DeviceTable devices={page.data?.devices ?? []} busy={state.busy} onRevoke={setRevoking} />
      </section>
      <PairForm stores={page.data?.stores ?? null} writes={writes} onPaired={refresh} />
      <Dialog
        title={revoking ? `Revoke ${revoking.name}?` : 'Revoke'}
        isOpen={revoking !== null}
        onOpenChange={(open) => {
          if (!open) setRevoking(null);
        }}
      >
        <p>
          It stops syncing at once and must be paired again with a new code. Sales it has not sent stay on it:
          a manager or an owner who signs in on it sends them.
        </p>
        <div className="dialog__actions">
          <Button
            variant="secondary"
            onPress={() => {
              setRevoking(null);
            }}
          >
            Cancel
          </Button>
          <Button variant="danger" onPress={() => void (revoking ? revoke(revoking) : undefined)}>
            Revoke
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
  const zone = useShopTimeZone();
  const when = (at: string | null) => (at ? formatWhen(at, zone) : 'Never');
  // Five columns, so the list fits a phone: the store under the till's name, who paired it beside when.
  const columns: Column<PairedDevice>[] = [
    {
      key: 'name',
      header: 'Till',
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
      header: 'Paired',
      cell: (d) => (
        <>
          {when(d.pairedAt)}
          {d.pairedByName ? <span className="devices-table__detail">by {d.pairedByName}</span> : null}
        </>
      ),
    },
    { key: 'synced', header: 'Last synced', cell: (d) => when(d.lastSyncedAt) },
    {
      key: 'status',
      header: 'Status',
      // 'Revoke' sits under 'Active' rather than in a column of its own: one column less on a phone.
      cell: (d) =>
        d.revokedAt ? (
          `Revoked ${when(d.revokedAt)}`
        ) : (
          <span className="devices-table__status">
            Active
            <Button
              variant="danger"
              aria-label={`Revoke ${d.name}`}
              isDisabled={busy}
              onPress={() => {
                onRevoke(d);
              }}
            >
              Revoke
            </Button>
          </span>
        ),
    },
  ];
  return (
    <div className="devices-table">
      <DataTable
        label="Paired tills"
        className="devices-table__list"
        columns={columns}
        rows={devices}
        rowKey={(d) => d.id}
        empty={
          <p>No till is paired yet. Pair one below: it then signs in with a code instead of a password.</p>
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
  const zone = useShopTimeZone();
  const [name, setName] = useState('');
  const [store, setStore] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [made, setMade] = useState<PairingCode | null>(null);
  const state = useSave(onPaired);
  const storeId = store === '' ? (stores?.[0]?.id ?? '') : store;
  const submit = async (event: SyntheticEvent) => {
    event.preventDefault();
    if (name.trim() === '' || name.trim().length > 100) {
      setProblem('Give the till a name of at most 100 characters, such as “Front counter”.');
      return;
    }
    if (storeId === '') {
      setProblem('The shop has no store to pair a till for.');
      return;
    }
    setProblem(null);
    setMade(null);
    const answer: { code: PairingCode | null } = { code: null };
    const ok = await state.save(async () => {
      answer.code = await writes.createCode(storeId, name.trim());
    }, 'Code ready.');
    if (ok && answer.code) {
      setMade(answer.code);
      setName('');
    }
  };
  return (
    <section className="settings-section" aria-labelledby="pair-title">
      <h2 id="pair-title" className="section-title">
        Pair a device
      </h2>
      {state.error ? <Alert>{state.error}</Alert> : null}
      <Form
        aria-label="Pair a device"
        className="settings-form settings-form--inline"
        onSubmit={(event) => void submit(event)}
      >
        <TextField label="Till name" name="device-name" value={name} onChange={setName} error={problem} />
        <SelectField
          label="Store"
          name="device-store"
          value={storeId}
          onChange={setStore}
          options={(stores ?? []).map((s) => ({ value: s.id, label: s.name }))}
        />
        <Button type="submit" isDisabled={state.busy || stores === null}>
          Pair a device
        </Button>
      </Form>
      {made ? (
        <div className="pairing-code" role="region" aria-label="One-time code">
          <p>
            On the new till, open the sign-in page, choose ‘Pair this device’ and type this code for{' '}
            <strong>{made.name}</strong>:
          </p>
          <p className="pairing-code__value" aria-label="Pairing code">
            {made.code}
          </p>
          <p>It works once, until {formatWhen(made.expiresAt, zone, 'time')}.</p>
          <CopyCode code={made.code} />
        </div>
      ) : null}
    </section>
  );
}
