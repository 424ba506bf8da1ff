// A promotion's coupon codes ([PROMO-12]): the list with uses and status; for managers and owners, one code
// added by hand (single-use, or multi-use with a limit or none; an expiry), a code deactivated, and a batch
// of unique single-use codes drawn at random (coupon-codes.ts) and exported as CSV.
import { msg, plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useCallback, useState, type SyntheticEvent } from 'react';
import type { CouponRow, PromotionRow } from '../../../data/remote/promotion-rows';
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { DataTable, type Column } from '../../../ui/data-table';
import { SelectField } from '../../../ui/select-field';
import { TextField } from '../../../ui/text-field';
import { dayIn } from '../../../lib/calendar';
import { couponsCsv, couponsFileName } from './coupon-csv';
import {
  checkBatchCount,
  checkCode,
  checkExpiry,
  checkMaxUses,
  checkPrefix,
  couponState,
  expiryDay,
  type CouponState,
} from './coupon-fields';
import type { PromotionsDeps } from './promotions-deps';
import { useScrollIntoView } from './use-scroll-into-view';
import { useServerList } from './use-server-list';

const STATE_WORDS = {
  active: msg`Active`,
  inactive: msg`Deactivated`,
  expired: msg`Expired`,
  used_up: msg`Used up`,
} satisfies Record<CouponState, unknown>;

interface Message {
  tone: 'error' | 'success';
  text: string;
}

function ExpiryField({ value, onChange }: { value: string; onChange: (day: string) => void }) {
  const { t } = useLingui();
  return (
    <label className="field">
      <span className="field__label">{t`Last day it works`}</span>
      <input
        type="date"
        className="field__input"
        value={value}
        onChange={(event) => {
          onChange(event.target.value);
        }}
      />
    </label>
  );
}

function AddCoupon({
  deps,
  promotion,
  onAdded,
}: {
  deps: PromotionsDeps;
  promotion: PromotionRow;
  onAdded: (message: Message) => void;
}) {
  const { t } = useLingui();
  const [code, setCode] = useState('');
  const [use, setUse] = useState<'single' | 'multi'>('single');
  const [maxUses, setMaxUses] = useState('');
  const [expiresOn, setExpiresOn] = useState('');
  const [errors, setErrors] = useState<{ code?: string; maxUses?: string; expiry?: string }>({});
  const submit = async (event: SyntheticEvent) => {
    event.preventDefault();
    const checkedCode = checkCode(code);
    const uses = use === 'single' ? checkMaxUses('1') : checkMaxUses(maxUses);
    const expiry = checkExpiry(expiresOn, deps.timeZone);
    setErrors({
      ...(checkedCode.ok ? {} : { code: checkedCode.error.message }),
      ...(uses.ok ? {} : { maxUses: uses.error.message }),
      ...(expiry.ok ? {} : { expiry: expiry.error.message }),
    });
    if (!checkedCode.ok || !uses.ok || !expiry.ok) return;
    const added = await deps.book.addCoupon(deps.companyId, promotion.id, {
      code: checkedCode.value,
      max_uses: uses.value,
      expires_at: expiry.value,
    });
    if (!added.ok) {
      if (added.error.code === 'duplicate') setErrors({ code: added.error.message });
      else onAdded({ tone: 'error', text: added.error.message });
      return;
    }
    const saved = checkedCode.value;
    setCode('');
    onAdded({ tone: 'success', text: t`Added the code ${saved}.` });
  };
  return (
    <form
      className="coupons-panel__form"
      aria-label={t`Add a code`}
      onSubmit={(event) => {
        void submit(event);
      }}
      noValidate
    >
      <h3 className="coupons-panel__title">
        <Trans>Add a code</Trans>
      </h3>
      <TextField label={t`Code`} name="code" value={code} onChange={setCode} error={errors.code ?? null} />
      <SelectField
        label={t`Uses`}
        name="use"
        value={use}
        onChange={(value) => {
          setUse(value === 'multi' ? 'multi' : 'single');
        }}
        options={[
          { value: 'single', label: t`Single-use` },
          { value: 'multi', label: t`Multi-use` },
        ]}
      />
      {use === 'multi' ? (
        <TextField
          label={t`Uses allowed`}
          name="max-uses"
          inputMode="numeric"
          description={t`Empty for no limit.`}
          value={maxUses}
          onChange={setMaxUses}
          error={errors.maxUses ?? null}
        />
      ) : null}
      <ExpiryField value={expiresOn} onChange={setExpiresOn} />
      {errors.expiry ? <p className="field__error">{errors.expiry}</p> : null}
      <Button type="submit">
        <Trans>Add code</Trans>
      </Button>
    </form>
  );
}

function GenerateBatch({
  deps,
  promotion,
  onMade,
}: {
  deps: PromotionsDeps;
  promotion: PromotionRow;
  onMade: (message: Message, codes: string[], expiresOn: string) => void;
}) {
  const { t } = useLingui();
  const [count, setCount] = useState('100');
  const [prefix, setPrefix] = useState('');
  const [expiresOn, setExpiresOn] = useState('');
  const [errors, setErrors] = useState<{ count?: string; prefix?: string; expiry?: string }>({});
  const [busy, setBusy] = useState(false);
  const submit = async (event: SyntheticEvent) => {
    event.preventDefault();
    const checkedCount = checkBatchCount(count);
    const checkedPrefix = checkPrefix(prefix);
    const expiry = checkExpiry(expiresOn, deps.timeZone);
    setErrors({
      ...(checkedCount.ok ? {} : { count: checkedCount.error.message }),
      ...(checkedPrefix.ok ? {} : { prefix: checkedPrefix.error.message }),
      ...(expiry.ok ? {} : { expiry: expiry.error.message }),
    });
    if (!checkedCount.ok || !checkedPrefix.ok || !expiry.ok) return;
    setBusy(true);
    const made = await deps.book.addCouponBatch(
      deps.companyId,
      promotion.id,
      { count: checkedCount.value, prefix: checkedPrefix.value, expires_at: expiry.value },
      deps.random,
    );
    setBusy(false);
    if (!made.ok) {
      onMade({ tone: 'error', text: made.error.message }, [], expiresOn);
      return;
    }
    const n = made.value.length;
    const text = plural(n, { one: 'Made # single-use code.', other: 'Made # single-use codes.' });
    onMade({ tone: 'success', text }, made.value, expiresOn);
  };
  return (
    <form
      className="coupons-panel__form"
      aria-label={t`Make a batch of codes`}
      onSubmit={(event) => {
        void submit(event);
      }}
      noValidate
    >
      <h3 className="coupons-panel__title">
        <Trans>Make a batch of single-use codes</Trans>
      </h3>
      <TextField
        label={t`How many codes`}
        name="count"
        inputMode="numeric"
        value={count}
        onChange={setCount}
        error={errors.count ?? null}
      />
      <TextField
        label={t`Prefix`}
        name="prefix"
        description={t`Optional, e.g. SUMMER.`}
        value={prefix}
        onChange={setPrefix}
        error={errors.prefix ?? null}
      />
      <ExpiryField value={expiresOn} onChange={setExpiresOn} />
      {errors.expiry ? <p className="field__error">{errors.expiry}</p> : null}
      <Button type="submit" isDisabled={busy}>
        {busy ? <Trans>Making codes…</Trans> : <Trans>Make codes</Trans>}
      </Button>
    </form>
  );
}

export default function CouponsPanel({
  deps,
  promotion,
  editor,
  onClose,
}: {
  deps: PromotionsDeps;
  promotion: PromotionRow;
  editor: boolean;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const [message, setMessage] = useState<Message | null>(null);
  const [batch, setBatch] = useState<{ codes: string[]; expiresOn: string } | null>(null);
  const read = useCallback(() => deps.book.coupons(promotion.id), [deps.book, promotion.id]);
  const { list, reload } = useServerList(read);
  const [now] = useState(() => Date.now());
  const panel = useScrollIntoView<HTMLElement>();
  const name = promotion.name;
  const exportBatch = () => {
    if (!batch) return;
    const rows = batch.codes.map((code) => ({ code, expiresOn: batch.expiresOn, maxUses: 1 }));
    deps.download(
      couponsFileName(name, dayIn(deps.timeZone)),
      couponsCsv(name, rows),
      'text/csv;charset=utf-8',
    );
  };
  const deactivate = async (coupon: CouponRow) => {
    const written = await deps.book.setCouponActive(coupon.id, false);
    const code = coupon.code;
    setMessage(
      written.ok
        ? { tone: 'success', text: t`Deactivated the code ${code}.` }
        : { tone: 'error', text: written.error.message },
    );
    if (written.ok) reload();
  };
  const columns: Column<CouponRow>[] = [
    { key: 'code', header: t`Code`, cell: (row) => row.code, rowHeader: true },
    {
      key: 'uses',
      header: t`Uses`,
      align: 'end',
      cell: (row) => {
        const uses = row.uses;
        const max = row.max_uses;
        return max === null ? t`${uses} of unlimited` : t`${uses} of ${max}`;
      },
    },
    {
      key: 'expires',
      header: t`Last day`,
      minor: true,
      cell: (row) => expiryDay(row.expires_at, deps.timeZone) || t`No expiry`,
    },
    { key: 'state', header: t`Status`, cell: (row) => t(STATE_WORDS[couponState(row, now)]) },
    ...(editor
      ? [
          {
            key: 'actions',
            header: t`Actions`,
            cell: (row: CouponRow) => {
              const code = row.code;
              return row.active ? (
                <Button
                  variant="secondary"
                  aria-label={t`Deactivate ${code}`}
                  onPress={() => void deactivate(row)}
                >
                  <Trans>Deactivate</Trans>
                </Button>
              ) : null;
            },
          },
        ]
      : []),
  ];
  return (
    <section ref={panel} className="coupons-panel card" aria-label={t`Coupons for ${name}`}>
      <h2 className="card__title">
        <Trans>Coupons for {name}</Trans>
      </h2>
      {message ? <Alert tone={message.tone}>{message.text}</Alert> : null}
      {batch && batch.codes.length > 0 ? (
        <Button variant="secondary" onPress={exportBatch}>
          <Trans>Export the batch as CSV</Trans>
        </Button>
      ) : null}
      {editor ? (
        <div className="coupons-panel__forms">
          <AddCoupon
            deps={deps}
            promotion={promotion}
            onAdded={(added) => {
              setMessage(added);
              if (added.tone === 'success') reload();
            }}
          />
          <GenerateBatch
            deps={deps}
            promotion={promotion}
            onMade={(made, codes, expiresOn) => {
              setMessage(made);
              if (codes.length > 0) {
                setBatch({ codes, expiresOn });
                reload();
              }
            }}
          />
        </div>
      ) : null}
      {list.state === 'failed' ? <Alert>{list.message}</Alert> : null}
      {list.state === 'loading' ? (
        <p role="status">
          <Trans>Loading codes…</Trans>
        </p>
      ) : null}
      {list.state === 'ready' ? (
        <DataTable
          columns={columns}
          rows={list.rows}
          rowKey={(row) => row.id}
          label={t`Coupon codes`}
          empty={t`No codes yet.`}
        />
      ) : null}
      <Button variant="secondary" onPress={onClose}>
        <Trans>Close</Trans>
      </Button>
    </section>
  );
}
