// [VAL-13] The shop's loyalty scheme for the register's "points earned", read once the register opens.
import { useEffect, useState } from 'react';
import type { LoyaltyScheme } from '../../../domain/value/loyalty';
import type { RegisterValue } from './register-value';

export function useLoyaltyScheme(value: RegisterValue | undefined): LoyaltyScheme | undefined {
  const [scheme, setScheme] = useState<LoyaltyScheme | undefined>(undefined);
  useEffect(() => {
    if (!value) return;
    let live = true;
    void value.settings().then((shop) => {
      if (live) setScheme(shop.loyalty);
    });
    return () => {
      live = false;
    };
  }, [value]);
  return scheme;
}
