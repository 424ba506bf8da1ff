// The managers' stocktake ops (supabase/SPEC.md [PUR-31], [PUR-34], [PUR-35]), queued by the back office's
// pages through `runDocumentOp`.
import { msg } from '@lingui/core/macro';
import {
  stocktakeApproveSchema,
  stocktakeCancelSchema,
  stocktakeOpenSchema,
} from '../../domain/purchasing/manager-args';
import { documentOp } from './document-op';

export const stocktakeOpen = documentOp(
  'stocktake.open',
  stocktakeOpenSchema,
  'stocktake',
  msg`Stocktake opened`,
);
export const stocktakeApprove = documentOp(
  'stocktake.approve',
  stocktakeApproveSchema,
  'stocktake',
  msg`Stocktake approved`,
);
export const stocktakeCancel = documentOp(
  'stocktake.cancel',
  stocktakeCancelSchema,
  'stocktake',
  msg`Stocktake cancelled`,
);
