// Customer value at the register ([VAL-20], [VAL-27], [VAL-28]): a gift card found by its code, a customer's
// store credit, points and account, each with what the till may spend now. Online it asks the server first and
// spends at most its answer, less what this till spent and has not sent; offline (no answer) it spends what it
// pulled plus its own entries plus the shop's allowance, and counts wrong codes itself, slowing down after five.
import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { IdGenerator } from '../../../domain/ids';
import { availableOf, type Available } from '../../../domain/value/available';
import type { CustomerValueKind } from '../../../domain/value/account-id';
import {
  CODE_MISS_WORDS,
  codeLast4,
  codeMiss,
  drawGiftCardCode,
  normaliseValueCode,
  valueCodeHash,
} from '../../../domain/value/code';
import { afterCodeHit, afterCodeMiss, NO_CODE_TRIES, slowedMessage } from '../../../domain/value/code-tries';
import type { ValueSettings } from '../../../domain/value/settings';
import type { LedgerDb } from '../../../data/local/ledger-db';
import type { MirrorDb } from '../../../data/local/mirror-db';
import {
  CUSTOMER_KINDS,
  customerAccounts,
  giftCardByHash,
  giftCardById,
  offlineSource,
  onlineSource,
  valueSettingsFor,
  type ValueAccountView,
} from '../../../data/local/value-reads';
import type { AnsweredAccount, ValueRemote } from '../../../data/remote/value-lookups';

/** An account and what may be spent on it now. */
export interface ValueBalance {
  account: ValueAccountView;
  available: Available;
}

export type CardFound =
  { ok: true; code: string; last4: string; balance: ValueBalance } | { ok: false; message: string };

export type CustomerValue = Record<CustomerValueKind, ValueBalance>;

/** What the register is given for customer value. */
export interface RegisterValue {
  settings: () => Promise<ValueSettings>;
  /** [VAL-27] A gift card by the code typed or scanned. */
  findCard: (text: string) => Promise<CardFound>;
  /** [VAL-C3] The customer's store credit, points and account on credit. */
  customer: (customerId: string) => Promise<CustomerValue>;
  /** [VAL-T1] A new card: the till's UUIDv7 and a drawn code. */
  drawCard: () => { accountId: string; code: string };
}

export interface RegisterValueSources {
  ledger: LedgerDb;
  mirror: MirrorDb;
  companyId: string;
  ids: IdGenerator;
  now: () => number;
  remote?: ValueRemote;
  /** [VAL-28] Told of each code missed offline (its length, never the code): the server counts them too. */
  onOfflineMiss?: (length: number) => void;
}

/** The server's word on an account overrides what was pulled: status and limit may have changed since. */
function answered(view: ValueAccountView, answer: AnsweredAccount): ValueAccountView {
  return {
    ...view,
    status: answer.status,
    creditLimit: answer.credit_limit ?? view.creditLimit,
    codeLast4: answer.code_last4 ?? view.codeLast4,
  };
}

function blankView(answer: AnsweredAccount): ValueAccountView {
  return {
    id: answer.id,
    kind: answer.kind,
    status: answer.status,
    creditLimit: answer.credit_limit ?? null,
    codeLast4: answer.code_last4 ?? null,
    customerId: answer.customer_id ?? null,
    pulled: null,
    unreflected: [],
    unsent: [],
    issuedHere: false,
  };
}

export function registerValueFor(sources: RegisterValueSources): RegisterValue {
  const { ledger, mirror, companyId, remote } = sources;
  const settings = () => valueSettingsFor(mirror, companyId);
  // [VAL-T14] Offline misses in a row, kept while the register is open (the server counts online ones).
  let tries = NO_CODE_TRIES;
  const miss = (code: string): CardFound => {
    tries = afterCodeMiss(tries, sources.now());
    return { ok: false, message: i18n._(CODE_MISS_WORDS[codeMiss(code)]) };
  };

  const findCard = async (text: string): Promise<CardFound> => {
    const read = normaliseValueCode(text);
    if (!read.ok) {
      return {
        ok: false,
        message:
          read.error.code === 'empty'
            ? i18n._(msg`Type or scan the gift card's code.`)
            : i18n._(CODE_MISS_WORDS.not_found),
      };
    }
    const code = read.value;
    const slowed = slowedMessage(tries, sources.now());
    if (slowed !== null) return { ok: false, message: slowed };
    const answer = remote ? await remote.lookup(code) : null;
    if (answer !== null) {
      if (!answer.ok) {
        if (answer.code === 'slowed' || answer.code === 'rate_limited') {
          return { ok: false, message: i18n._(msg`Too many wrong codes. Wait a little, then try again.`) };
        }
        return { ok: false, message: i18n._(CODE_MISS_WORDS[codeMiss(code)]) };
      }
      tries = afterCodeHit();
      const local = await giftCardById(ledger, mirror, answer.account.id);
      const account = answered(local ?? blankView(answer.account), answer.account);
      const available = availableOf(account, onlineSource(account, answer.account.balance));
      return { ok: true, code: text.trim(), last4: codeLast4(code), balance: { account, available } };
    }
    const found = await giftCardByHash(ledger, mirror, companyId, await valueCodeHash(companyId, code));
    if (found === null) {
      sources.onOfflineMiss?.(code.length);
      return miss(code);
    }
    tries = afterCodeHit();
    const available = availableOf(found, offlineSource(found, await settings()));
    return { ok: true, code: text.trim(), last4: codeLast4(code), balance: { account: found, available } };
  };

  const customer = async (customerId: string): Promise<CustomerValue> => {
    const [local, answer, shop] = await Promise.all([
      customerAccounts(ledger, mirror, customerId),
      remote ? remote.customer(customerId) : Promise.resolve(null),
      settings(),
    ]);
    const entries = CUSTOMER_KINDS.map((kind): [CustomerValueKind, ValueBalance] => {
      const view = local[kind];
      const online = answer?.[kind];
      if (online) {
        const account = answered(view, online);
        return [kind, { account, available: availableOf(account, onlineSource(account, online.balance)) }];
      }
      return [kind, { account: view, available: availableOf(view, offlineSource(view, shop)) }];
    });
    return Object.fromEntries(entries) as CustomerValue;
  };

  return {
    settings,
    findCard,
    customer,
    drawCard: () => ({ accountId: sources.ids(), code: drawGiftCardCode() }),
  };
}
