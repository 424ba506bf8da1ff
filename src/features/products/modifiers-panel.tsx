// The Modifiers panel (issue 21, [MOD-1] [MOD-2]): the shop's modifier groups with their options and prices,
// and which groups each product asks for. Managers and owners add groups and options, rename, reprice and
// remove them, and attach groups to products; cashiers see the same lists with no buttons. Like products,
// these are server writes that need a connection (modifier-writes.ts); the pull brings them back here and to
// every till. Loaded lazily with the panel: most visits to Products never open it.
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import type { MirrorModifierGroup, MirrorModifierOption } from '../../data/local/mirror-db';
import { needsConnection } from '../../data/remote/product-writes';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { TextField } from '../../ui/text-field';
import { ModifierAttachments } from './modifier-attachments';
import { checkGroup, checkOption, choicesText, priceDeltaShown, priceDeltaText } from './modifier-fields';
import { canEditProducts, type ProductsDeps } from './products-deps';
import type { PanelProps } from './use-products-live';
import { nextPosition, useModifierRows } from './use-modifier-rows';
import { useServerWrite } from './use-server-write';

type Run = ReturnType<typeof useServerWrite>['run'];
type Refuse = (text: string) => void;

export default function ModifiersPanel({ deps, catalog, online, onClose }: PanelProps) {
  const rows = useModifierRows(deps);
  const { message, busy, run, refuse } = useServerWrite(deps.syncNow);
  const editor = canEditProducts(deps.role);
  const disabled = !online || busy;
  const { t } = useLingui();
  return (
    <section className="card modifiers-panel" aria-label={t`Modifiers`}>
      <h2 className="card__title">
        <Trans>Modifiers</Trans>
      </h2>
      {editor ? null : (
        <p>
          <Trans>You can see the shop's modifiers here; managers and owners change them.</Trans>
        </p>
      )}
      {editor && !online ? <Alert tone="warning">{needsConnection()}</Alert> : null}
      {message ? <Alert tone={message.tone}>{message.text}</Alert> : null}
      {rows === undefined ? (
        <p role="status">
          <Trans>Loading modifiers…</Trans>
        </p>
      ) : null}
      {rows?.groups.length === 0 ? (
        <p>
          <Trans>No modifier groups yet.</Trans>
        </p>
      ) : null}
      {rows?.groups.map((group) => (
        <GroupItem
          key={group.id}
          deps={deps}
          group={group}
          options={rows.options.get(group.id) ?? []}
          editor={editor}
          disabled={disabled}
          run={run}
          refuse={refuse}
        />
      ))}
      {editor && rows ? (
        <NewGroup
          deps={deps}
          position={nextPosition(rows.groups)}
          disabled={disabled}
          run={run}
          refuse={refuse}
        />
      ) : null}
      {rows ? (
        <ModifierAttachments
          deps={deps}
          products={catalog.products}
          rows={rows}
          editor={editor}
          disabled={disabled}
          run={run}
        />
      ) : null}
      <Button variant="ghost" onPress={onClose}>
        <Trans>Close modifiers</Trans>
      </Button>
    </section>
  );
}

function NewGroup({
  deps,
  position,
  disabled,
  run,
  refuse,
}: {
  deps: ProductsDeps;
  position: number;
  disabled: boolean;
  run: Run;
  refuse: Refuse;
}) {
  const [name, setName] = useState('');
  const [least, setLeast] = useState('0');
  const [most, setMost] = useState('1');
  const { t } = useLingui();
  const add = async () => {
    const checked = checkGroup(name, least, most);
    if (!checked.ok) {
      refuse(checked.error.message);
      return;
    }
    const fields = checked.value;
    const added = fields.name;
    if (
      await run(
        () => deps.modifiers.createGroup(deps.companyId, { ...fields, position }),
        t`Added "${added}".`,
      )
    ) {
      setName('');
      setLeast('0');
      setMost('1');
    }
  };
  return (
    <fieldset className="modifiers-panel__new">
      <legend>
        <Trans>New group</Trans>
      </legend>
      <TextField label={t`Group name`} name="group-name" value={name} onChange={setName} maxLength={100} />
      <TextField
        label={t`Least choices`}
        name="least"
        value={least}
        onChange={setLeast}
        inputMode="numeric"
      />
      <TextField label={t`Most choices`} name="most" value={most} onChange={setMost} inputMode="numeric" />
      <p className="modifiers-panel__hint">
        <Trans>A group is required when its least choices is 1 or more.</Trans>
      </p>
      <Button isDisabled={disabled} onPress={() => void add()}>
        <Trans>Add group</Trans>
      </Button>
    </fieldset>
  );
}

function GroupItem({
  deps,
  group,
  options,
  editor,
  disabled,
  run,
  refuse,
}: {
  deps: ProductsDeps;
  group: MirrorModifierGroup;
  options: MirrorModifierOption[];
  editor: boolean;
  disabled: boolean;
  run: Run;
  refuse: Refuse;
}) {
  const [name, setName] = useState('');
  const [delta, setDelta] = useState('');
  const { t } = useLingui();
  const groupName = group.name;
  const currency = deps.currency;
  const add = async () => {
    const checked = checkOption(name, delta, deps.currency);
    if (!checked.ok) {
      refuse(checked.error.message);
      return;
    }
    const fields = { ...checked.value, position: nextPosition(options) };
    const added = fields.name;
    const done = t`Added "${added}" to ${groupName}.`;
    if (await run(() => deps.modifiers.addOption(deps.companyId, group.id, fields), done)) {
      setName('');
      setDelta('');
    }
  };
  return (
    <article className="modifiers-panel__group" aria-label={group.name}>
      <h3>
        {group.name}{' '}
        <span className="modifiers-panel__rule">({choicesText(group.min_choices, group.max_choices)})</span>
      </h3>
      <ul className="modifiers-panel__options">
        {options.map((option) => (
          <OptionItem
            key={option.id}
            deps={deps}
            option={option}
            editor={editor}
            disabled={disabled}
            run={run}
            refuse={refuse}
          />
        ))}
        {options.length === 0 ? (
          <li>
            <Trans>No options yet: a till skips this group until it has one.</Trans>
          </li>
        ) : null}
      </ul>
      {editor ? (
        <div className="modifiers-panel__add">
          <TextField
            label={t`New option in ${groupName}`}
            name="option-name"
            value={name}
            onChange={setName}
          />
          <TextField
            label={t`Price change (${currency})`}
            name="option-delta"
            value={delta}
            onChange={setDelta}
            placeholder={t`0.50 or -0.30`}
          />
          <Button isDisabled={disabled} onPress={() => void add()}>
            <Trans>Add option</Trans>
          </Button>
          <Button
            variant="ghost"
            aria-label={t`Remove group ${groupName}`}
            isDisabled={disabled}
            onPress={() => void run(() => deps.modifiers.removeGroup(group.id), t`Removed "${groupName}".`)}
          >
            <Trans>Remove group</Trans>
          </Button>
        </div>
      ) : null}
    </article>
  );
}

function OptionItem({
  deps,
  option,
  editor,
  disabled,
  run,
  refuse,
}: {
  deps: ProductsDeps;
  option: MirrorModifierOption;
  editor: boolean;
  disabled: boolean;
  run: Run;
  refuse: Refuse;
}) {
  const [draft, setDraft] = useState<{ name: string; delta: string } | null>(null);
  const { t } = useLingui();
  const optionName = option.name;
  const currency = deps.currency;
  const shown = `${option.name} ${priceDeltaShown(option.price_delta, deps.currency)}`;
  if (draft !== null) {
    const save = async () => {
      const checked = checkOption(draft.name, draft.delta, deps.currency);
      if (!checked.ok) {
        refuse(checked.error.message);
        return;
      }
      const fields = checked.value;
      const saved = fields.name;
      if (await run(() => deps.modifiers.updateOption(option.id, fields), t`Saved "${saved}".`)) {
        setDraft(null);
      }
    };
    return (
      <li className="modifiers-panel__option">
        <TextField
          label={t`Name of ${optionName}`}
          name="option-rename"
          value={draft.name}
          onChange={(name) => {
            setDraft({ ...draft, name });
          }}
        />
        <TextField
          label={t`Price change of ${optionName} (${currency})`}
          name="option-reprice"
          value={draft.delta}
          onChange={(delta) => {
            setDraft({ ...draft, delta });
          }}
        />
        <Button isDisabled={disabled} onPress={() => void save()}>
          <Trans>Save option</Trans>
        </Button>
        <Button
          variant="ghost"
          onPress={() => {
            setDraft(null);
          }}
        >
          <Trans>Cancel</Trans>
        </Button>
      </li>
    );
  }
  return (
    <li className="modifiers-panel__option">
      <span>{shown}</span>
      {editor ? (
        <>
          <Button
            variant="ghost"
            aria-label={t`Edit ${optionName}`}
            onPress={() => {
              setDraft({ name: option.name, delta: priceDeltaText(option.price_delta, deps.currency) });
            }}
          >
            <Trans>Edit</Trans>
          </Button>
          <Button
            variant="ghost"
            aria-label={t`Remove ${optionName}`}
            isDisabled={disabled}
            onPress={() =>
              void run(() => deps.modifiers.removeOption(option.id), t`Removed "${optionName}".`)
            }
          >
            <Trans>Remove</Trans>
          </Button>
        </>
      ) : null}
    </li>
  );
}
