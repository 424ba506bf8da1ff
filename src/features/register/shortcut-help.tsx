// The `?` overlay: the register's keyboard shortcuts, read from the same table the key handler uses.
import { Dialog } from '../../ui/dialog';
import { SHORTCUTS } from './shortcuts';

export function ShortcutHelp({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  return (
    <Dialog
      title="Keyboard shortcuts"
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
            <dd>{shortcut.description}</dd>
          </div>
        ))}
      </dl>
    </Dialog>
  );
}
