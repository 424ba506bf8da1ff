// The stocktake screens' small words: a scope as a person says it, and a variance with its sign ("+2",
// "−3") so a shortfall never reads as a count.
import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { StocktakeScope } from '../../../data/ops/stocktake-open';
import { formatQuantity, type Milli } from '../../../domain/quantity';

const SCOPES = {
  all: msg`All products`,
  category: msg`A category`,
  supplier: msg`A supplier`,
} as const;

export function scopeWords(scope: StocktakeScope, name: string | null = null): string {
  return scope === 'all' || name === null ? i18n._(SCOPES[scope]) : name;
}

export function signedQuantity(quantity: Milli): string {
  if (quantity > 0) return `+${formatQuantity(quantity)}`;
  if (quantity < 0) return `−${formatQuantity(-quantity)}`;
  return formatQuantity(0);
}
