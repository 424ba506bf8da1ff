// A modal dialog (React Aria): focus is trapped and restored, Escape closes it, the title names it.
import type { ReactNode } from 'react';
import { Dialog as AriaDialog, Heading, Modal, ModalOverlay } from 'react-aria-components';

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
  return (
    <ModalOverlay className="dialog-overlay" isOpen={isOpen} onOpenChange={onOpenChange} isDismissable>
      <Modal className="dialog-modal">
        <AriaDialog className="dialog">
          <Heading slot="title" className="dialog__title">
            {title}
          </Heading>
          {children}
        </AriaDialog>
      </Modal>
    </ModalOverlay>
  );
}
