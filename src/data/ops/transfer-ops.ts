// The managers' transfer ops (supabase/SPEC.md [PUR-25], [PUR-28], [PUR-29]), queued by the back office's
// pages through `runDocumentOp`.
import { msg } from '@lingui/core/macro';
import { settleSchema, transferCloseSchema, transferSaveSchema } from '../../domain/purchasing/manager-args';
import { documentOp } from './document-op';

export const transferSave = documentOp('transfer.save', transferSaveSchema, 'transfer', msg`Transfer saved`);
export const transferSettle = documentOp(
  'transfer.settle',
  settleSchema,
  'held quantity',
  msg`Held transfer settled`,
);
export const transferClose = documentOp(
  'transfer.close',
  transferCloseSchema,
  'transfer',
  msg`Transfer closed`,
);
