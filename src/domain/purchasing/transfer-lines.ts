// The till's transfer screens as typed ([PUR-T10], [PUR-T11]): each line's quantities read in words a cashier
// understands, and what 'Send' or 'Receive transfer' hands to its op. Pure, so the rules are tested alone.
import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { formatQuantity, type Milli } from '../quantity';
import { parseArrived } from './receipt-lines';

export interface TransferProduct {
  id: string;
  name: string;
  weighed: boolean;
}

export interface SendLineTyped {
  transferLineId: string;
  product: TransferProduct;
  sentText: string;
}

export interface SendRead {
  errors: (string | null)[];
  valid: boolean;
  /** [PUR-T10] The op's lines: a line at 0 is not sent. */
  toSend: { transferLineId: string; productId: string; sent: Milli }[];
}

/** [PUR-T10] 'Send transfer' as typed: never below 0, whole units unless weighed; a line at 0 is left out. */
export function readSend(lines: readonly SendLineTyped[]): SendRead {
  const parsed = lines.map((line) => parseArrived(line.sentText, line.product));
  const errors = parsed.map((result) => (result.ok ? null : result.error.message));
  return {
    errors,
    valid: errors.every((error) => error === null),
    toSend: lines.flatMap((line, index) => {
      const result = parsed[index];
      return result?.ok === true && result.value > 0
        ? [{ transferLineId: line.transferLineId, productId: line.product.id, sent: result.value }]
        : [];
    }),
  };
}

export interface ReceiveTransferLineTyped {
  transferLineId: string;
  product: TransferProduct;
  /** What the till believes is still on the way on this line. */
  inTransit: Milli;
  seenReceived: Milli;
  receivedText: string;
  damagedText: string;
}

export interface TransferQuestion {
  productId: string;
  text: string;
  yes: string;
}

export interface ReceiveTransferRead {
  receivedErrors: (string | null)[];
  damagedErrors: (string | null)[];
  valid: boolean;
  /** [PUR-T11] More than in transit on a line asks first. */
  questions: TransferQuestion[];
  toPost: {
    transferLineId: string;
    productId: string;
    received: Milli;
    damaged: Milli;
    seenReceived: Milli;
  }[];
}

/** [PUR-T11] 'Receive transfer' as typed: received and damaged together at most in transit, or asked. */
export function readTransferReceipt(lines: readonly ReceiveTransferLineTyped[]): ReceiveTransferRead {
  const received = lines.map((line) => parseArrived(line.receivedText, line.product));
  const damaged = lines.map((line) => parseArrived(line.damagedText, line.product));
  const receivedErrors = received.map((result) => (result.ok ? null : result.error.message));
  const damagedErrors = damaged.map((result) => (result.ok ? null : result.error.message));
  const valid = [...receivedErrors, ...damagedErrors].every((error) => error === null);
  const questions: TransferQuestion[] = [];
  const toPost: ReceiveTransferRead['toPost'] = [];
  lines.forEach((line, index) => {
    const got = received[index];
    const broken = damaged[index];
    const r = got?.ok === true ? got.value : 0;
    const d = broken?.ok === true ? broken.value : 0;
    if (r + d === 0) return;
    toPost.push({
      transferLineId: line.transferLineId,
      productId: line.product.id,
      received: r,
      damaged: d,
      seenReceived: line.seenReceived,
    });
    if (r + d > line.inTransit) {
      const n = formatQuantity(line.inTransit);
      const m = formatQuantity(r + d);
      const name = line.product.name;
      questions.push({
        productId: line.product.id,
        text: i18n._(msg`${name}: only ${n} were sent. Receive ${m}?`),
        yes: i18n._(msg`Receive ${m}`),
      });
    }
  });
  return { receivedErrors, damagedErrors, valid, questions, toPost };
}
