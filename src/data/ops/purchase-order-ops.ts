// The managers' purchase order ops (supabase/SPEC.md [PUR-11], [PUR-13], [PUR-14], [PUR-20]), queued by the
// back office's pages through `runDocumentOp`.
import { msg } from '@lingui/core/macro';
import {
  purchaseOrderCloseSchema,
  purchaseOrderOrderSchema,
  purchaseOrderSaveSchema,
  settleSchema,
} from '../../domain/purchasing/manager-args';
import { documentOp } from './document-op';

export const purchaseOrderSave = documentOp(
  'purchase_order.save',
  purchaseOrderSaveSchema,
  'purchase order',
  msg`Purchase order saved`,
);
export const purchaseOrderOrder = documentOp(
  'purchase_order.order',
  purchaseOrderOrderSchema,
  'purchase order',
  msg`Purchase order marked as ordered`,
);
export const purchaseOrderClose = documentOp(
  'purchase_order.close',
  purchaseOrderCloseSchema,
  'purchase order',
  msg`Purchase order closed`,
);
export const purchaseOrderSettle = documentOp(
  'purchase_order.settle',
  settleSchema,
  'held quantity',
  msg`Held delivery settled`,
);
