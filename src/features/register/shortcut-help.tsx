// The `?` overlay: the register's keyboard shortcuts, read from the same table the key handler uses.
import { useLingui } from '@lingui/react/macro';
import { Dialog } from '../../ui/dialog';
import { SHORTCUTS } from './shortcuts';

export function ShortcutHelp({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  const { t } = useLingui();
  return (
    <Dialog
      title={t`Keyboard shortcuts`}
      isOpen={isOpen}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      <dl className="shortcuts">
        {SHORTCUTS.map((shortcut) => (
          <div key={shortcut.action} className="shortcuts__row">
            <dt>
              <kbd>{shortcut.keys}</kbd>
            </dt>
            <dd>{t(shortcut.description)}</dd>
          </div>
        ))}
      </dl>
    </Dialog>
  );
}
