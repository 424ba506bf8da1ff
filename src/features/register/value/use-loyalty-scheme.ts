// [VAL-13] The shop's loyalty scheme for the register's "points earned", followed live (use-value-settings).
import type { LoyaltyScheme } from '../../../domain/value/loyalty';
import type { RegisterValue } from './register-value';
import { useValueSettings } from './use-value-settings';

export function useLoyaltyScheme(value: RegisterValue | undefined): LoyaltyScheme | undefined {
  return useValueSettings(value)?.loyalty;
}
