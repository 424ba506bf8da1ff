// Which modifier groups one product asks for, in order ([MOD-3]): pick a product, see its groups, and (managers
// and owners) add a group at the end or remove one (its product_modifier_groups row gets deleted_at). A
// variant with none of its own asks for its parent's groups, so the panel says so rather than "none".
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import type { MirrorProduct } from '../../data/local/mirror-db';
import { Button } from '../../ui/button';
import { SelectField } from '../../ui/select-field';
import type { ProductsDeps } from './products-deps';
import { nextPosition, type ModifierRows } from './use-modifier-rows';
import type { useServerWrite } from './use-server-write';

export function ModifierAttachments({
  deps,
  products,
  rows,
  editor,
  disabled,
  run,
}: {
  deps: ProductsDeps;
  products: readonly MirrorProduct[];
  rows: ModifierRows;
  editor: boolean;
  disabled: boolean;
  run: ReturnType<typeof useServerWrite>['run'];
}) {
  const live = products.filter((product) => product.active);
  const [productId, setProductId] = useState('');
  const [groupId, setGroupId] = useState('');
  const { t } = useLingui();
  const product = live.find((candidate) => candidate.id === productId);
  const groupNames = new Map(rows.groups.map((group) => [group.id, group.name]));
  // A removed group's attachment is left alone on the server, but asks for nothing ([MOD-3]): not shown.
  const attached = (rows.attached.get(productId) ?? []).filter((row) => groupNames.has(row.group_id));
  const free = rows.groups.filter((group) => !attached.some((row) => row.group_id === group.id));
  const chosenGroup = free.find((group) => group.id === groupId) ?? free[0];
  const parent = product?.variant_of
    ? products.find((candidate) => candidate.id === product.variant_of)
    : null;
  const productName = product?.name ?? '';
  const parentName = parent ? parent.name : null;
  const chosenName = chosenGroup?.name ?? '';

  return (
    <fieldset className="modifiers-panel__products">
      <legend>
        <Trans>Groups a product asks for</Trans>
      </legend>
      <SelectField
        label={t`Product`}
        name="modifier-product"
        value={productId}
        onChange={setProductId}
        options={[
          { value: '', label: t`Choose a product` },
          ...live.map((candidate) => ({ value: candidate.id, label: candidate.name })),
        ]}
      />
      {product ? (
        <>
          <ol className="modifiers-panel__attached" aria-label={t`Groups ${productName} asks for`}>
            {attached.map((row) => {
              const name = groupNames.get(row.group_id) ?? '';
              return (
                <li key={row.id}>
                  {name}
                  {editor ? (
                    <Button
                      variant="ghost"
                      aria-label={t`Stop asking for ${name} with ${productName}`}
                      isDisabled={disabled}
                      onPress={() =>
                        void run(
                          () => deps.modifiers.detachGroup(row.id),
                          t`${productName} no longer asks for ${name}.`,
                        )
                      }
                    >
                      <Trans>Remove</Trans>
                    </Button>
                  ) : null}
                </li>
              );
            })}
          </ol>
          {attached.length === 0 ? (
            <p>
              {parentName !== null ? (
                <Trans>None of its own: it asks for the groups of {parentName}.</Trans>
              ) : (
                <Trans>It asks for no modifiers.</Trans>
              )}
            </p>
          ) : null}
          {editor && chosenGroup ? (
            <div className="modifiers-panel__add">
              <SelectField
                label={t`Add group`}
                name="modifier-group"
                value={chosenGroup.id}
                onChange={setGroupId}
                options={free.map((group) => ({ value: group.id, label: group.name }))}
              />
              <Button
                isDisabled={disabled}
                onPress={() =>
                  void run(
                    () =>
                      deps.modifiers.attachGroup(
                        deps.companyId,
                        product.id,
                        chosenGroup.id,
                        nextPosition(rows.attached.get(product.id)),
                      ),
                    t`${productName} now asks for ${chosenName}.`,
                  )
                }
              >
                <Trans>Ask for this group</Trans>
              </Button>
            </div>
          ) : null}
        </>
      ) : null}
    </fieldset>
  );
}
