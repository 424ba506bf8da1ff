// Which shop the signed-in user belongs to, for the dashboard and onboarding guards. Unknown (offline, server
// trouble) is not "none": a till that cannot ask must still open, so only a real empty answer counts, and a
// cached answer (restored from storage after an offline start) is used when the server cannot be asked, and
// failing that the memberships this device last pulled into its mirror.
import { companySettings, membershipsOf } from '../data/local/mirror-reads';
import { membershipsQuery, type Membership } from '../data/remote/memberships';
import type { ServicesContext } from './-router-context';

export type MembershipAnswer =
  { kind: 'member'; membership: Membership } | { kind: 'none' } | { kind: 'unknown' };

export async function currentMembership(context: ServicesContext): Promise<MembershipAnswer> {
  const user = context.auth.getState().user;
  if (!user) return { kind: 'unknown' };
  const options = membershipsQuery(context.supabase, user.id);
  let memberships = await settle(context.queryClient.query(options));
  // "No shop" sends the user to onboarding, so a cached empty answer (possibly restored from storage, from
  // before the user created or joined a shop) is checked with the server first.
  if (memberships?.length === 0)
    memberships = await settle(context.queryClient.query({ ...options, staleTime: 0 }));
  memberships ??= context.queryClient.getQueryData(options.queryKey);
  memberships ??= await mirroredMemberships(context, user.id);
  if (memberships === undefined) return { kind: 'unknown' };
  const first = memberships[0];
  return first ? { kind: 'member', membership: first } : { kind: 'none' };
}

async function settle(pending: Promise<Membership[]>): Promise<Membership[] | undefined> {
  try {
    return await pending;
  } catch {
    return undefined;
  }
}

/** What the last pull left in this user's mirror; undefined when it holds none (never synced). */
async function mirroredMemberships(
  context: ServicesContext,
  userId: string,
): Promise<Membership[] | undefined> {
  try {
    const mirror = context.sync.mirrorFor(userId);
    const members = await membershipsOf(mirror, userId);
    if (members.length === 0) return undefined;
    return await Promise.all(
      members.map(async (member) => {
        const company = await companySettings(mirror, member.company_id);
        return {
          companyId: member.company_id,
          companyName: typeof company?.name === 'string' ? company.name : 'Your shop',
          currency: typeof company?.currency === 'string' ? company.currency : 'EUR',
          timeZone: typeof company?.time_zone === 'string' ? company.time_zone : 'UTC',
          role: member.role,
          displayName: member.display_name,
        };
      }),
    );
  } catch {
    return undefined;
  }
}
