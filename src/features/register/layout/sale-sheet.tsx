// The whole sale (cart, payment, receipt) as a sheet over the products on portrait tablets and phones. A
// React Aria modal: focus stays in it and returns to the cart bar, Escape and "Back to products" close it.
import type { ReactNode } from 'react';
import { Dialog, Modal, ModalOverlay } from 'react-aria-components';
import { Trans, useLingui } from '@lingui/react/macro';

export function SaleSheet({
  isOpen,
  onClose,
  children,
}: {
  isOpen: boolean;
  onClose: () => void;
  children: ReactNode;
}) {
  const { t } = useLingui();
  return (
    <ModalOverlay
      className="sale-sheet__overlay"
      isOpen={isOpen}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      isDismissable
    >
      <Modal className="sale-sheet">
        <Dialog className="sale-sheet__dialog" aria-label={t`Sale`}>
          <button type="button" className="button button--ghost sale-sheet__close" onClick={onClose}>
            <Trans>Back to products</Trans>
          </button>
          {children}
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
