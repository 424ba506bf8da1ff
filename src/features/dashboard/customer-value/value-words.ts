// The words of customer value on the back office's screens: the four kinds of account and the kinds of
// ledger entry ([VAL-1], [VAL-6]). Descriptors: translated where shown (`t(accountKindWords[kind])`).
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { ValueAccountKind } from '../../../data/remote/value-reports';

export const accountKindWords: Record<ValueAccountKind, MessageDescriptor> = {
  gift_card: msg`Gift cards`,
  store_credit: msg`Store credit`,
  loyalty: msg`Points`,
  on_account: msg`On account`,
};

export const entryKindWords: Record<string, MessageDescriptor> = {
  issue: msg`Sold`,
  load: msg`Topped up`,
  redeem: msg`Spent`,
  charge: msg`Charged`,
  refund: msg`Refunded`,
  unissue: msg`Sale refunded`,
  earn: msg`Earned`,
  unearn: msg`Taken back`,
  payment: msg`Payment`,
  adjust: msg`Adjusted`,
  void: msg`Voided`,
  expire: msg`Expired`,
};

export const statusWords: Record<'active' | 'blocked' | 'void', MessageDescriptor> = {
  active: msg`Active`,
  blocked: msg`Blocked`,
  void: msg`Void`,
};
