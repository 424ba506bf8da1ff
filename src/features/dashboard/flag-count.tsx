// [FLAGUI-3] "Today at a glance": how many differences the server flagged today (issue 33), linking to the Flags
// list in Activity from today. None is said calmly; offline, that the count needs a connection. Managers
// and owners only: the overview is theirs, and the server refuses a cashier.
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { flagCountQuery, FlagsError } from '../../data/remote/flags';
import type { Supabase } from '../../data/remote/supabase-client';
import { dayIn } from '../../lib/calendar';
import { dayStart } from '../../lib/day-bounds';
import { unanswered } from '../../lib/query-answer';

export function FlagCount({
  supabase,
  companyId,
  timeZone,
}: {
  supabase: Supabase;
  companyId: string;
  timeZone: string;
}) {
  const { t } = useLingui();
  const today = dayIn(timeZone);
  const since = dayStart(today, timeZone) ?? '';
  const count = useQuery({ ...flagCountQuery(supabase, companyId, since), enabled: since !== '' });
  const link = (
    <Link to="/dashboard/activity" search={{ flagsSince: today }} className="touch-link">
      <Trans>See them in Activity</Trans>
    </Link>
  );
  let body;
  if (count.data !== undefined && count.data > 0) {
    const flags = count.data;
    body = (
      <Trans>
        <strong className="flag-count__figure">
          <Plural value={flags} one="# flag to review" other="# flags to review" />
        </strong>{' '}
        today: sales the server found differ from its catalogue, rules or card payments. {link}
      </Trans>
    );
  } else if (count.data === 0) {
    body = t`No flags today: the server found nothing to review in the tills’ sales.`;
  } else if (unanswered(count)) {
    body =
      count.error instanceof FlagsError && count.error.code === '42501'
        ? count.error.words
        : t`Flags need a connection to the server.`;
  } else {
    body = t`Counting today’s flags…`;
  }
  const attention = count.data !== undefined && count.data > 0;
  return (
    <section
      className={`flag-count${attention ? ' flag-count--attention' : ''}`}
      aria-label={t`Flags`}
      aria-busy={count.isPending && !unanswered(count)}
    >
      <p className="flag-count__text">{body}</p>
    </section>
  );
}
