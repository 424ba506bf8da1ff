// [VAL-3] The shop's customer-value settings for the register, followed live: on a till set up a moment ago
// the first pull brings them after the catalogue, and a manager may change them while the register is open —
// read once, the register would go on showing no points earned and no gift-card amounts until it reloaded.
import { useCallback } from 'react';
import type { ValueSettings } from '../../../domain/value/settings';
import { readyValue, useLiveQuery } from '../../../ui/use-live-query';
import type { RegisterValue } from './register-value';

/** The settings as the mirror holds them now; undefined until the first read answers (or with no value). */
export function useValueSettings(value: RegisterValue | undefined): ValueSettings | undefined {
  const read = useCallback(() => (value ? value.settings() : Promise.resolve(undefined)), [value]);
  return readyValue(useLiveQuery(read));
}
