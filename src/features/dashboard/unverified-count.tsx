// How many cashiers and approvals in the report's period the server could not verify (issue 18), with a link
// to the activity log filtered to them. Says nothing while loading, offline, or when there are none.
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { unverifiedCountQuery } from '../../data/remote/activity';
import type { Supabase } from '../../data/remote/supabase-client';
import { dayAfter, dayStart } from '../../lib/day-bounds';
import { Alert } from '../../ui/alert';
import { useShopTimeZone } from '../../ui/when';

export function UnverifiedCount({
  supabase,
  companyId,
  from,
  to,
}: {
  supabase: Supabase;
  companyId: string;
  /** Days, "2026-11-20". */
  from: string;
  to: string;
}) {
  const { t } = useLingui();
  const zone = useShopTimeZone();
  const start = dayStart(from, zone) ?? '';
  const end = dayAfter(to, zone) ?? '';
  const count = useQuery({
    ...unverifiedCountQuery(supabase, companyId, start, end),
    enabled: start !== '' && end !== '',
  });
  const unverified = count.data;
  if (!unverified) return null;
  return (
    <Alert tone="warning" title={t`Not verified`}>
      <Plural
        value={unverified}
        one="One cashier or approval on these days could not be verified by the server."
        other="# cashiers or approvals on these days could not be verified by the server."
      />{' '}
      <Link to="/dashboard/activity" search={{ from, to, unverified: true }} className="touch-link">
        <Trans>See them in Activity</Trans>
      </Link>
    </Alert>
  );
}
