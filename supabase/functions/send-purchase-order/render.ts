// A purchase order by mail ([PUR-15], [MAIL-4]): plain text only, from purchase_order_mail_request's answer.
// The subject is `Purchase order <number> from <shop name>`; everything the shop typed (its name, the store's
// address, the supplier's name, the note, product names and SKUs) is plain words cut to a length, and the
// mail has no link at all: a supplier answers by replying to the manager who sent it.
import { plain } from '../_shared/plain-text.ts';

export interface PurchaseOrderMail {
  number: string;
  shop_name: string;
  store_name: string;
  store_address: string | null;
  supplier_name: string;
  /** YYYY-MM-DD, or null. */
  expected_on: string | null;
  note: string | null;
  /** quantity is numeric(12,3) as JSON: 24, 10.5. */
  lines: { name: string; sku: string | null; quantity: number; unit: string }[];
}

/** How much of the shop's text a purchase order mail carries ([MAIL-4]). */
export const ORDER_MAIL_LIMITS = {
  name: 80,
  address: 160,
  note: 1000,
  lineName: 80,
  sku: 64,
  lines: 500,
} as const;

function quantityText(quantity: number, unit: string): string {
  const amount = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 3 }).format(quantity);
  return unit === 'each' ? amount : `${amount} ${unit}`;
}

/** Subject and text of the mail; the order number is the server's own (PO-0001), never typed text. */
export function renderPurchaseOrderMail(order: PurchaseOrderMail): { subject: string; text: string } {
  const shop = plain(order.shop_name, ORDER_MAIL_LIMITS.name);
  const number = order.number.replace(/[^A-Z0-9-]/g, '');
  const address = plain(order.store_address, ORDER_MAIL_LIMITS.address);
  const note = plain(order.note, ORDER_MAIL_LIMITS.note);
  const lines = order.lines.slice(0, ORDER_MAIL_LIMITS.lines).map((line) => {
    const sku = plain(line.sku, ORDER_MAIL_LIMITS.sku);
    const name = plain(line.name, ORDER_MAIL_LIMITS.lineName);
    return `- ${quantityText(line.quantity, line.unit)} × ${name}${sku ? ` (${sku})` : ''}`;
  });
  const text = [
    `Purchase order ${number}`,
    `From: ${shop}`,
    `To: ${plain(order.supplier_name, ORDER_MAIL_LIMITS.name)}`,
    `Deliver to: ${plain(order.store_name, ORDER_MAIL_LIMITS.name)}${address ? `, ${address}` : ''}`,
    ...(order.expected_on && /^\d{4}-\d{2}-\d{2}$/.test(order.expected_on)
      ? [`Expected on: ${order.expected_on}`]
      : []),
    '',
    ...lines,
    ...(note ? ['', `Note: ${note}`] : []),
    '',
    'Please reply to this mail to confirm the order.',
  ].join('\n');
  return { subject: `Purchase order ${number} from ${shop}`, text };
}
