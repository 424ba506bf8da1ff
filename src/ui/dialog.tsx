// A modal dialog (React Aria): focus is trapped and restored, Escape closes it, the title names it, and a
// Close button in its corner closes it for fingers on a tablet, which have no Escape key.
import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Dialog as AriaDialog, Button, Heading, Modal, ModalOverlay } from 'react-aria-components';

export function Dialog({
  title,
  isOpen,
  onOpenChange,
  children,
}: {
  title: string;
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
  children: ReactNode;
}) {
  const { t } = useLingui();
  return (
    <ModalOverlay className="dialog-overlay" isOpen={isOpen} onOpenChange={onOpenChange} isDismissable>
      <Modal className="dialog-modal">
        <AriaDialog className="dialog">
          <div className="dialog__header">
            <Heading slot="title" className="dialog__title">
              {title}
            </Heading>
            <Button
              className="dialog__close"
              aria-label={t`Close`}
              onPress={() => {
                onOpenChange(false);
              }}
            >
              <span aria-hidden="true">×</span>
            </Button>
          </div>
          {children}
        </AriaDialog>
      </Modal>
    </ModalOverlay>
  );
}
