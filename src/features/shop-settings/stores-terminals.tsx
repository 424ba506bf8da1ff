// The shop's places: stores (owners add and rename them) and the registered tills (managers rename or retire
// them; a retired till's code is never handed out again, and its unsynced sales still arrive).
import { useState, type SyntheticEvent } from 'react';
import { Form } from 'react-aria-components';
import { Trans, useLingui } from '@lingui/react/macro';
import type { StoreRow, TerminalRow } from '../../data/remote/shop-settings';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { TextField } from '../../ui/text-field';
import { RenameRow } from './rename-row';
import type { SaveState } from './use-save';

type Save = (write: () => Promise<unknown>, done: string) => Promise<boolean>;

export interface PlacesActions {
  addStore: (name: string) => Promise<unknown>;
  renameStore: (id: string, name: string) => Promise<unknown>;
  renameTerminal: (id: string, name: string) => Promise<unknown>;
  retireTerminal: (id: string) => Promise<unknown>;
}

export function StoresAndTerminals({
  stores,
  terminals,
  isOwner,
  isManager,
  state,
  save,
  actions,
}: {
  stores: StoreRow[];
  terminals: TerminalRow[];
  isOwner: boolean;
  isManager: boolean;
  state: SaveState;
  save: Save;
  actions: PlacesActions;
}) {
  const { t } = useLingui();
  const [newStore, setNewStore] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const storeName = (id: string) => stores.find((store) => store.id === id)?.name ?? t`an archived store`;
  const add = async (event: SyntheticEvent) => {
    event.preventDefault();
    const name = newStore.trim();
    if (name === '' || name.length > 200) {
      setProblem(t`Name the store (at most 200 characters).`);
      return;
    }
    setProblem(null);
    if (await save(() => actions.addStore(name), t`Store “${name}” added.`)) setNewStore('');
  };
  return (
    <section className="settings-section" aria-labelledby="places-title">
      <h2 id="places-title" className="section-title">
        <Trans>Stores and tills</Trans>
      </h2>
      {state.error ? <Alert>{state.error}</Alert> : null}
      {state.done ? <Alert tone="success">{state.done}</Alert> : null}
      <h3 className="settings-section__subtitle">
        <Trans>Stores</Trans>
      </h3>
      <ul className="settings-list" aria-label={t`Stores`}>
        {stores.map((store) => (
          <RenameRow
            key={store.id}
            nameRule={t`Name the store (at most 100 characters).`}
            name={store.name}
            detail={store.address}
            canEdit={isOwner}
            busy={state.busy}
            onRename={(name) =>
              save(() => actions.renameStore(store.id, name), t`Store renamed to “${name}”.`)
            }
          />
        ))}
      </ul>
      {isOwner ? (
        <Form className="settings-form settings-form--inline" onSubmit={(event) => void add(event)}>
          <TextField
            label={t`New store`}
            name="new-store"
            value={newStore}
            onChange={setNewStore}
            error={problem}
          />
          <Button type="submit" isDisabled={state.busy}>
            <Trans>Add store</Trans>
          </Button>
        </Form>
      ) : null}
      <h3 className="settings-section__subtitle">
        <Trans>Tills</Trans>
      </h3>
      {terminals.length === 0 ? (
        <p className="settings-section__note">
          <Trans>No tills yet: set one up from the register on the device.</Trans>
        </p>
      ) : (
        <ul className="settings-list" aria-label={t`Tills`}>
          {terminals.map((terminal) => {
            const till = terminal.name;
            const code = terminal.code;
            return (
              <RenameRow
                key={terminal.id}
                nameRule={t`Name the till (at most 100 characters).`}
                name={terminal.name}
                detail={`${terminal.code} · ${storeName(terminal.storeId)}`}
                canEdit={isManager}
                busy={state.busy}
                onRename={(name) =>
                  save(() => actions.renameTerminal(terminal.id, name), t`Till renamed to “${name}”.`)
                }
              >
                <Button
                  variant="secondary"
                  aria-label={t`Retire ${till}`}
                  isDisabled={state.busy}
                  onPress={() => void save(() => actions.retireTerminal(terminal.id), t`${code} retired.`)}
                >
                  <Trans>Retire</Trans>
                </Button>
              </RenameRow>
            );
          })}
        </ul>
      )}
    </section>
  );
}
