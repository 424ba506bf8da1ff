// Which shop the signed-in user belongs to, for the dashboard and onboarding guards. Unknown (offline, server
// trouble) is not "none": a till that cannot ask must still open, so only a real empty answer counts.
import { membershipsQuery, type Membership } from '../data/remote/memberships';
import type { RouterContext } from './-router-context';

export type MembershipAnswer =
  { kind: 'member'; membership: Membership } | { kind: 'none' } | { kind: 'unknown' };

export async function currentMembership(context: RouterContext): Promise<MembershipAnswer> {
  const user = context.auth.getState().user;
  if (!user) return { kind: 'unknown' };
  try {
    const memberships = await context.queryClient.query({
      ...membershipsQuery(context.supabase, user.id),
      // Cached memberships (also restored from storage after an offline start) answer without a request.
      staleTime: 'static',
    });
    const first = memberships[0];
    return first ? { kind: 'member', membership: first } : { kind: 'none' };
  } catch {
    return { kind: 'unknown' };
  }
}
