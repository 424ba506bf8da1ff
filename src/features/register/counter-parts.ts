// The register's parts that load on demand, in one place: the screen's lazy components import through these
// loaders, and the offline readiness check ([SW-2]) loads the same ones ahead, so a network that drops on the
// first visit cannot catch any of them unloaded. Everything else loaded on demand (the printer's encoder, the
// shift screen, the lock screen…) is in the worker's precache, which the same check finds whole.
export const loadModifierDialog = () => import('./cart/modifier-dialog');
export const loadVariantChooser = () => import('./catalog/variant-chooser');
export const loadReaderSimulator = () => import('./payment/reader-simulator-panel');
export const loadSellGiftCard = () => import('./value/sell-gift-card-dialog');
export const loadCheckBalance = () => import('./value/check-balance-dialog');
export const loadReceiveStock = () => import('./stock/receive-stock-dialog');
export const loadSendTransfer = () => import('./stock/send-transfer-dialog');
export const loadCountStock = () => import('./stock/count-stock-dialog');

export const COUNTER_PARTS: readonly (() => Promise<unknown>)[] = [
  loadModifierDialog,
  loadVariantChooser,
  loadSellGiftCard,
  loadCheckBalance,
  loadReceiveStock,
  loadSendTransfer,
  loadCountStock,
  () => import('qrcode'),
];
