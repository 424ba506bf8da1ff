// The receipt by mail ([RCPT-16]): text and simple HTML from public_receipt's answer, with the link to the
// receipt's page. Every text from the shop is escaped in the HTML.

export interface MailReceipt {
  shop_name: string;
  address: string | null;
  receipt_no: string;
  occurred_at: string;
  currency: string;
  total: number;
  tax_total: number;
  lines: { name: string; quantity: number; total: number }[];
  payments: { method: string; amount: number }[];
}

function money(amount: number, currency: string): string {
  return new Intl.NumberFormat('en', { style: 'currency', currency }).format(amount / 100);
}

function escape(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${String(c.charCodeAt(0))};`);
}

export function renderReceiptMail(receipt: MailReceipt, link: string) {
  const m = (amount: number) => money(amount, receipt.currency);
  const rows = receipt.lines.map((line) => [`${String(line.quantity)} × ${line.name}`, m(line.total)]);
  const paid = receipt.payments.map((payment) => [`Paid (${payment.method})`, m(payment.amount)]);
  const when = new Date(receipt.occurred_at).toUTCString();
  const text = [
    receipt.shop_name,
    ...(receipt.address ? [receipt.address] : []),
    `Receipt ${receipt.receipt_no}, ${when}`,
    '',
    ...rows.map(([what, amount]) => `${what}: ${amount}`),
    `Total: ${m(receipt.total)} (tax ${m(receipt.tax_total)})`,
    ...paid.map(([what, amount]) => `${what}: ${amount}`),
    '',
    `Your receipt online: ${link}`,
  ].join('\n');
  const tr = ([what, amount]: string[]) =>
    `<tr><td>${escape(what ?? '')}</td><td>${escape(amount ?? '')}</td></tr>`;
  const html = `<h1>${escape(receipt.shop_name)}</h1>
<p>Receipt ${escape(receipt.receipt_no)}, ${escape(when)}</p>
<table>${rows.map(tr).join('')}<tr><th>Total</th><th>${escape(m(receipt.total))}</th></tr>${paid.map(tr).join('')}</table>
<p><a href="${escape(link)}">Your receipt online</a></p>`;
  return { subject: `Your receipt ${receipt.receipt_no} from ${receipt.shop_name}`, text, html };
}
