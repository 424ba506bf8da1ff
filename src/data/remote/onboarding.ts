// Onboarding's two server calls (rpc create_company, rpc join_company; supabase/SPEC.md): a new user either
// creates a shop, becoming its owner, or joins one with an invite code.
import type { Supabase } from './supabase-client';

export interface NewCompany {
  name: string;
  currency: string;
  pricesIncludeTax: boolean;
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
    name: company.name,
    currency: company.currency,
    prices_include_tax: company.pricesIncludeTax,
    display_name: company.displayName,
  });
  if (error) throw new OnboardingError(error.message, error.code);
}

export async function joinCompany(supabase: Supabase, code: string, displayName: string): Promise<void> {
  const { error } = await supabase.rpc('join_company', { code, display_name: displayName });
  if (error) throw new OnboardingError(error.message, error.code);
}
