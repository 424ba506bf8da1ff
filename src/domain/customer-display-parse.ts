// The display's check of what arrives on the channel: it is open to any page of this origin on this device,
// so a message of another shape (a hello, a newer format, a stranger's) is ignored rather than shown.
import { z } from 'zod';
import type { DisplayState } from './customer-display';

const money = z.number().int();
const currency = z.string().length(3);
const shop = z.string().nullable();

const basket = {
  shop,
  currency,
  lines: z
    .array(z.object({ id: z.string(), name: z.string(), quantity: z.string(), amount: money }))
    .max(1000),
  discounts: money,
  total: money,
  deals: z
    .array(z.object({ name: z.string(), amount: money }))
    .max(50)
    .optional(),
  saved: money.optional(),
};

const displayStateSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('idle'), shop }),
  z.object({ kind: z.literal('cart'), ...basket }),
  z.object({ kind: z.literal('paying'), ...basket }),
  z.object({
    kind: z.literal('done'),
    shop,
    currency,
    receiptNo: z.string(),
    total: money,
    paid: money,
    change: money,
  }),
]) satisfies z.ZodType<DisplayState>;

/** The state in a message, or null for anything else. */
export function parseDisplayState(data: unknown): DisplayState | null {
  const parsed = displayStateSchema.safeParse(data);
  return parsed.success ? parsed.data : null;
}
