// The card payments a manager should look at ([CARD-9], [CARD-23]): `list_issues` of the card-payments
// function, with the shop's tills' names. The function names the shop by one of its tills and answers for
// the whole shop, so a back office that is not a till itself asks with any till of the shop it reads (RLS:
// members read their shop's terminals); the function still checks the caller is a manager there ([CARD-4]).
// A payment that never reached a sale and has been refunded in full needs nobody any more: it is left out.
import { queryOptions } from '@tanstack/react-query';
import type { SupabaseClient } from '@supabase/supabase-js';
import { z } from 'zod';
import { cardPaymentsClient, cardReadError, type CardPaymentIssue } from './card-payments';
import { decode } from './decode';

export interface CardIssues {
  issues: CardPaymentIssue[];
  /** Till names by id, for "at Till 2". */
  tills: ReadonlyMap<string, string>;
}

const tillsSchema = z.array(z.object({ id: z.string(), name: z.string(), code: z.string() }));

export const CARD_ISSUES_KEY = ['card-issues'] as const;

export function cardIssuesQuery(supabase: SupabaseClient, companyId: string, minutes = 10) {
  return queryOptions({
    queryKey: [...CARD_ISSUES_KEY, companyId, minutes],
    queryFn: async (): Promise<CardIssues> => {
      const { data, error } = await supabase
        .from('terminals')
        .select('id, name, code')
        .eq('company_id', companyId)
        .order('code');
      if (error) throw cardReadError(error);
      const tills = decode(tillsSchema, data, 'the shop’s tills');
      const [anyTill] = tills;
      // No till, no reader, no card payment.
      if (!anyTill) return { issues: [], tills: new Map() };
      const issues = await cardPaymentsClient(supabase).listIssues(anyTill.id, minutes);
      return {
        issues: issues.filter(
          ({ issue, payment }) => issue !== 'unresolved' || payment.refunded_amount < payment.amount,
        ),
        tills: new Map(tills.map((till) => [till.id, till.name])),
      };
    },
    retry: false,
  });
}
