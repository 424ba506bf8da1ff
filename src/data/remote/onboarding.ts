// Onboarding's two server calls (rpc create_company [ONB-1], rpc join_company; supabase/migrations
// *_onboarding.sql): a new user either creates a shop, becoming its owner, or joins one with an invite code.
// Business rejections arrive as SQLSTATE P0001 with the reason code in `hint`.
import type { Supabase } from './supabase-client';

export interface NewCompany {
  name: string;
  currency: string;
  pricesIncludeTax: boolean;
  /** IANA name (the device's own zone at onboarding); the server rejects unknown ones. */
  timeZone: string;
  displayName: string;
}

export class OnboardingError extends Error {
  constructor(
    message: string,
    readonly code: string | null,
  ) {
    super(message);
    this.name = 'OnboardingError';
  }
}

export async function createCompany(supabase: Supabase, company: NewCompany): Promise<void> {
  const { error } = await supabase.rpc('create_company', {
    p_name: company.name,
    p_currency: company.currency,
    p_time_zone: company.timeZone,
    p_prices_include_tax: company.pricesIncludeTax,
    p_display_name: company.displayName,
  });
  if (error) throw new OnboardingError(error.message, error.hint || error.code);
}

export async function joinCompany(supabase: Supabase, code: string, displayName: string): Promise<void> {
  const { error } = await supabase.rpc('join_company', { p_code: code, p_display_name: displayName });
  if (error) throw new OnboardingError(error.message, error.hint || error.code);
}
