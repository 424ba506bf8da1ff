// Categories for managers and owners: list with product counts, create, rename and archive. Like products,
// these are server writes (RLS: managers) that need a connection; the pull brings them back to the mirror.
// Archiving a category leaves its products alone: they show no category until given another.
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { needsConnection } from '../../data/remote/product-writes';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { TextField } from '../../ui/text-field';
import { checkName } from './product-fields';
import type { CategoryRow, PanelProps } from './use-products-live';
import { useServerWrite } from './use-server-write';

export function CategoriesPanel({ deps, catalog, online, onClose }: PanelProps) {
  const [newName, setNewName] = useState('');
  const { message, busy, run, refuse } = useServerWrite(deps.syncNow);
  const { t } = useLingui();

  const add = async () => {
    const name = checkName(newName, 100);
    if (!name.ok) {
      refuse(name.error.message);
      return;
    }
    const added = name.value;
    if (await run(() => deps.writer.createCategory(deps.companyId, added), t`Added "${added}".`)) {
      setNewName('');
    }
  };

  const counts = new Map<string, number>();
  for (const product of catalog.products) {
    if (product.category_id) counts.set(product.category_id, (counts.get(product.category_id) ?? 0) + 1);
  }
  return (
    <section className="card categories-panel" aria-label={t`Categories`}>
      <h2 className="card__title">
        <Trans>Categories</Trans>
      </h2>
      {!online ? <Alert tone="warning">{needsConnection()}</Alert> : null}
      {message ? <Alert tone={message.tone}>{message.text}</Alert> : null}
      <ul className="categories-panel__list">
        {catalog.categories.map((category) => (
          <CategoryItem
            key={category.id}
            category={category}
            count={counts.get(category.id) ?? 0}
            disabled={!online || busy}
            onRename={(name) =>
              run(() => deps.writer.renameCategory(category.id, name), t`Renamed to "${name}".`)
            }
            onArchive={() => {
              const { name } = category;
              return run(() => deps.writer.archiveCategory(category.id), t`Archived "${name}".`);
            }}
          />
        ))}
        {catalog.categories.length === 0 ? (
          <li>
            <Trans>No categories yet.</Trans>
          </li>
        ) : null}
      </ul>
      <div className="categories-panel__add">
        <TextField
          label={t`New category`}
          name="new-category"
          value={newName}
          onChange={setNewName}
          maxLength={100}
        />
        <Button isDisabled={!online || busy} onPress={() => void add()}>
          <Trans>Add category</Trans>
        </Button>
      </div>
      <Button variant="ghost" onPress={onClose}>
        <Trans>Close categories</Trans>
      </Button>
    </section>
  );
}

function CategoryItem({
  category,
  count,
  disabled,
  onRename,
  onArchive,
}: {
  category: CategoryRow;
  count: number;
  disabled: boolean;
  onRename: (name: string) => Promise<boolean>;
  onArchive: () => Promise<boolean>;
}) {
  const [renaming, setRenaming] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const { t } = useLingui();
  const { name } = category;
  if (renaming !== null) {
    const save = async () => {
      const checked = checkName(renaming, 100);
      if (!checked.ok) {
        setError(checked.error.message);
        return;
      }
      if (await onRename(checked.value)) setRenaming(null);
    };
    return (
      <li className="categories-panel__item">
        <TextField
          label={t`New name for ${name}`}
          name="rename"
          value={renaming}
          onChange={setRenaming}
          error={error}
        />
        <Button isDisabled={disabled} onPress={() => void save()}>
          <Trans>Save name</Trans>
        </Button>
        <Button
          variant="ghost"
          onPress={() => {
            setRenaming(null);
          }}
        >
          <Trans>Cancel</Trans>
        </Button>
      </li>
    );
  }
  return (
    <li className="categories-panel__item">
      <span>
        {name}{' '}
        <span className="categories-panel__count">
          {/* One form for every count: the tests read "(1 products)" in English. */}
          <Trans>({count} products)</Trans>
        </span>
      </span>
      <Button
        variant="ghost"
        aria-label={t`Rename ${name}`}
        onPress={() => {
          setRenaming(category.name);
        }}
      >
        <Trans>Rename</Trans>
      </Button>
      <Button
        variant="ghost"
        aria-label={t`Archive ${name}`}
        isDisabled={disabled}
        onPress={() => void onArchive()}
      >
        <Trans>Archive</Trans>
      </Button>
    </li>
  );
}
