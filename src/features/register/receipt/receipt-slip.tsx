// The receipt as it prints (58 / 80 mm): shop with its header, address and tax number, store and till,
// receipt number, date, cashier, customer, lines (quantity × price, line discount), cart discount, totals,
// tax per rate, tenders and change, and the shop's footer. It is the customer's: whether the sale reached the
// server is said beside it (live-receipt.tsx), never on it ([WORDS-1]). It is the customer's paper, so its
// words, amounts and dates are in the shop's language (`i18n`: the till's shopI18n, or on the public page an
// instance in the receipt's shop's language, [RLANG-3]), whatever the screens around it speak (issue 35).
import type { I18n } from '@lingui/core';
import type { Ref } from 'react';
import { formatMoney } from '../../../domain/money-text';
import { quantityText, unitPriceText } from '../../../domain/receipt-line-words';
import { taxLabel, type TaxMode } from '../../../domain/tax';
import { QrCode } from '../../../ui/qr-code';
import { useShopTimeZone } from '../../../ui/when';
import { formatWhen } from '../../../lib/format-when';
import { formatTagOf, numberFormat } from '../../../lib/i18n/intl';
import {
  giftCardLineText,
  loyaltyRows,
  pointsDiscountRow,
  otherDiscounts,
  ownLineDiscount,
  promotionSavings,
  valueLeftText,
  type ReceiptDoc,
} from '../../../domain/receipt-doc';
import type { ReceiptWidth } from './receipt-print';
import { msg } from '@lingui/core/macro';
import { shopI18n } from '../../../lib/i18n/shop-i18n';

/** A line's discount on the paper: "Discount −1.50". */
function discountWords(amount: string, i18n: I18n): string {
  return i18n._(msg`Discount −${amount}`);
}

function Row({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div className="totals__row">
      <dt>{label}</dt>
      <dd data-testid={testId}>{value}</dd>
    </div>
  );
}

export function ReceiptSlip({
  doc,
  currency,
  taxMode,
  width,
  i18n = shopI18n,
  ref,
}: {
  doc: ReceiptDoc;
  currency: string;
  taxMode: TaxMode;
  width: ReceiptWidth;
  /** The language the slip is written in; the shop's (shopI18n) unless the page names another instance. */
  i18n?: I18n;
  ref?: Ref<HTMLElement>;
}) {
  // The customer's paper speaks the shop's language (or the one the page names), whatever the cashier's
  // screens speak (issue 35): its words, and its amounts, quantities, rates and date as that language writes them.
  const tag = formatTagOf(i18n);
  const money = (amount: number) => formatMoney(amount, currency, tag);
  const zone = useShopTimeZone();
  const rate = numberFormat(tag, { maximumFractionDigits: 2 });
  const refund = doc.kind === 'refund';
  const pointsRow = pointsDiscountRow(doc, i18n);
  const { receiptNo, refundOfReceiptNo, cashierName, customerName } = doc;
  const taxNumber = doc.shopTexts.taxNumber;
  const slipClass = `slip slip--${String(width)}`;
  const titleId = `slip-${receiptNo}`;
  return (
    <article ref={ref} className={slipClass} aria-labelledby={titleId}>
      <header className="slip__head">
        {doc.shopName !== null ? <p className="slip__shop">{doc.shopName}</p> : null}
        {doc.shopTexts.header !== null ? <p className="slip__text">{doc.shopTexts.header}</p> : null}
        {doc.shopTexts.address !== null ? <p className="slip__text">{doc.shopTexts.address}</p> : null}
        {taxNumber !== null ? <p>{i18n._(msg`Tax number: ${taxNumber}`)}</p> : null}
        <p>{[doc.storeName, doc.terminal].filter((part) => part !== null).join(' · ')}</p>
        <h2 id={titleId} className="slip__title">
          {refund ? i18n._(msg`Refund ${receiptNo}`) : i18n._(msg`Receipt ${receiptNo}`)}
        </h2>
        {refundOfReceiptNo !== null ? <p>{i18n._(msg`Refund of ${refundOfReceiptNo}`)}</p> : null}
        <p>
          <time dateTime={doc.occurredAt}>{formatWhen(doc.occurredAt, zone, 'dateTime', tag)}</time>
        </p>
        {cashierName !== null ? <p>{i18n._(msg`Cashier: ${cashierName}`)}</p> : null}
        {customerName !== null ? <p>{i18n._(msg`Customer: ${customerName}`)}</p> : null}
      </header>
      <ul className="slip__lines">
        {doc.lines.map((line) => (
          <li key={line.id} className="slip__line">
            <span className="slip__line-name">{line.name}</span>
            {line.modifiers?.map((modifier) => (
              <span key={modifier.name} className="slip__line-modifier">
                {modifier.name}
                {modifier.priceDelta !== 0
                  ? ` ${modifier.priceDelta > 0 ? '+' : ''}${money(modifier.priceDelta)}`
                  : ''}
              </span>
            ))}
            <span className="slip__line-detail">
              <span>
                {quantityText(line.quantity, line.unit, tag)}
                {line.unitPrice !== null ? ' × ' : ''}
                {line.listPrice !== null ? (
                  <>
                    <s>
                      <span className="visually-hidden">{i18n._(msg`was`) + ' '}</span>
                      {unitPriceText(money(line.listPrice), line.unit)}
                    </s>{' '}
                  </>
                ) : null}
                {line.unitPrice !== null ? unitPriceText(money(line.unitPrice), line.unit) : ''}
              </span>
              <span>{money(refund ? -line.total : line.total)}</span>
            </span>
            {ownLineDiscount(line) > 0 ? (
              <span className="slip__line-discount">{discountWords(money(ownLineDiscount(line)), i18n)}</span>
            ) : null}
            {giftCardLineText(line, i18n) !== null ? (
              <span className="slip__line-modifier" data-testid="receipt-gift-card-code">
                {giftCardLineText(line, i18n)}
              </span>
            ) : null}
          </li>
        ))}
      </ul>
      <dl className="totals slip__totals">
        {!refund ? <Row label={i18n._(msg`Subtotal`)} value={money(doc.subtotal)} /> : null}
        {!refund
          ? (doc.promotions ?? []).map((promotion, index) => (
              <Row
                key={`promotion-${String(index)}`}
                label={promotion.name}
                value={`−${money(promotion.amount)}`}
              />
            ))
          : null}
        {doc.cartDiscount !== null && doc.cartDiscount > 0 ? (
          <Row label={i18n._(msg`Cart discount`)} value={`−${money(doc.cartDiscount)}`} />
        ) : null}
        {pointsRow ? <Row label={pointsRow.label} value={`−${money(pointsRow.amount)}`} /> : null}
        {!refund && doc.cartDiscount === null && otherDiscounts(doc) > 0 ? (
          <Row label={i18n._(msg`Discounts`)} value={`−${money(otherDiscounts(doc))}`} />
        ) : null}
        {doc.rounding !== 0 ? <Row label={i18n._(msg`Cash rounding`)} value={money(doc.rounding)} /> : null}
        <div className="totals__row totals__total">
          <dt>{refund ? i18n._(msg`Refunded`) : i18n._(msg`Total`)}</dt>
          <dd data-testid="receipt-total">{money(doc.total)}</dd>
        </div>
        {doc.payments.map((payment, index) => (
          <Row key={index} label={payment.label} value={money(payment.amount)} />
        ))}
        {!refund ? (
          <Row label={i18n._(msg`Change`)} value={money(doc.change)} testId="receipt-change" />
        ) : null}
        {!refund && promotionSavings(doc) > 0 ? (
          <Row label={i18n._(msg`You saved`)} value={money(promotionSavings(doc))} testId="receipt-saved" />
        ) : null}
        {loyaltyRows(doc, i18n).map(([label, value]) => (
          <Row key={label} label={label} value={value} testId="receipt-points" />
        ))}
      </dl>
      {doc.payments.map((payment, index) => {
        // [VAL-35] What each gift card, credit, account or points tender left, as the till knew it.
        const left = valueLeftText(payment, money, i18n);
        return left === null ? null : (
          <p key={`left-${String(index)}`} className="slip__text" data-testid="receipt-value-left">
            {left}
          </p>
        );
      })}
      <table className="slip__tax">
        <caption>{i18n._(msg`Tax summary`)}</caption>
        <thead>
          <tr>
            <th scope="col">{i18n._(msg`Rate`)}</th>
            <th scope="col">{i18n._(msg`Net`)}</th>
            <th scope="col">{taxLabel(taxMode, i18n)}</th>
            <th scope="col">{i18n._(msg`Gross`)}</th>
          </tr>
        </thead>
        <tbody>
          {doc.taxRows.map((row) => (
            <tr key={row.rate}>
              <th scope="row">{rate.format(row.rate / 100)}%</th>
              <td>{money(row.net)}</td>
              <td>{money(row.tax)}</td>
              <td>{money(row.gross)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {doc.note !== null ? <p className="slip__note">{doc.note}</p> : null}
      {doc.link ? (
        <p className="slip__link">
          <QrCode text={doc.link} label={i18n._(msg`QR code of this receipt's page`)} />
          <a href={doc.link} data-testid="receipt-link">
            {i18n._(msg`Your receipt online`)}
          </a>
        </p>
      ) : null}
      {doc.shopTexts.footer !== null ? (
        <footer className="slip__footer slip__text">{doc.shopTexts.footer}</footer>
      ) : null}
    </article>
  );
}
