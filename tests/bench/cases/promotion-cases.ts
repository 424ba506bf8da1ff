// P11 (issue 36): the promotions engine per cart change, measured in the harness page (see
// tests/bench/harness/promotion-cases.ts), beside the floor of pricing the same cart without promotions.
import type { Page } from '@playwright/test';
import { formatFigure, row, type BenchRow } from '../report';
import { median, p95 } from '../stats';
import { call } from './harness-call';

export const PROMOTIONS_BUDGET = ['P11', 'promotions per cart change', 'p95 ≤ 2 ms'] as const;

export async function promotionRows(
  page: Page,
  quick: boolean,
  log: (text: string) => void,
): Promise<BenchRow[]> {
  const rounds = quick ? 20 : 100;
  const shop = await call(page, 'promotions', false, rounds);
  const stress = await call(page, 'promotions', true, rounds);
  log(
    `P11: ${shop.engineMs.length} cart changes per case; a shop's cart got ${shop.applied} deals ` +
      `(${shop.saved} saved), the stress cart ${stress.applied} (${stress.saved} saved)`,
  );
  const floor = (samples: readonly number[], engine: readonly number[]) => {
    const base = median(samples);
    return `priceCart alone ${formatFigure(base, 'ms')} (engine ×${(median(engine) / base).toFixed(1)})`;
  };
  const [id, , budget] = PROMOTIONS_BUDGET;
  return [
    row({
      id,
      what: 'promotions per cart change (200 promotions, 45–50 lines)',
      budget,
      unit: 'ms',
      samples: shop.engineMs,
      baseline: floor(shop.floorMs, shop.engineMs),
      passes: ({ p95 }) => p95 <= 2,
      note:
        `promotions over 300 products and 20 categories, half of them combinable; the full cart got ` +
        `${shop.applied} of them. Stress case, all 200 on the same 5 products so each competes for every unit: ` +
        `median ${formatFigure(median(stress.engineMs), 'ms')}, p95 ${formatFigure(p95(stress.engineMs), 'ms')}`,
    }),
  ];
}
