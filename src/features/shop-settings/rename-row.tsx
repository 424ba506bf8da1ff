// A row of a settings list whose name can be changed in place: the name, and for those allowed a "Rename"
// button that turns into a field with Save and Cancel. Extra actions (retire, remove) sit beside it.
import { useState, type ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button } from '../../ui/button';
import { TextField } from '../../ui/text-field';

export function RenameRow({
  nameRule,
  name,
  detail,
  canEdit,
  busy,
  onRename,
  children,
}: {
  /** The sentence shown for an empty or too long name ("Name the store (at most 100 characters)."). */
  nameRule: string;
  name: string;
  detail?: ReactNode;
  canEdit: boolean;
  busy: boolean;
  onRename: (name: string) => Promise<boolean>;
  children?: ReactNode;
}) {
  const { t } = useLingui();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(name);
  const [problem, setProblem] = useState<string | null>(null);
  const save = async () => {
    const trimmed = draft.trim();
    if (trimmed === '' || trimmed.length > 100) {
      setProblem(nameRule);
      return;
    }
    setProblem(null);
    if (await onRename(trimmed)) setEditing(false);
  };
  return (
    <li className="settings-list__row">
      {editing ? (
        <div className="settings-list__edit">
          <TextField
            label={t`New name for ${name}`}
            name="rename"
            value={draft}
            onChange={setDraft}
            error={problem}
            autoFocus
          />
          <Button isDisabled={busy} onPress={() => void save()}>
            <Trans>Save</Trans>
          </Button>
          <Button
            variant="secondary"
            onPress={() => {
              setEditing(false);
              setDraft(name);
            }}
          >
            <Trans>Cancel</Trans>
          </Button>
        </div>
      ) : (
        <>
          <span className="settings-list__name">{name}</span>
          {detail ? <span className="settings-list__detail">{detail}</span> : null}
          {canEdit ? (
            <span className="settings-list__actions">
              <Button
                variant="secondary"
                aria-label={t`Rename ${name}`}
                onPress={() => {
                  setEditing(true);
                }}
              >
                <Trans>Rename</Trans>
              </Button>
              {children}
            </span>
          ) : null}
        </>
      )}
    </li>
  );
}
