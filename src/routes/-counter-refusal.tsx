// What a back-office address shows while a PIN is at a shared till's counter (issue 33, [COUNTER-1]): a
// refusal in words and the way back, never the page. Kept tiny: the router's error page renders it.
import { Trans } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import type { Membership } from '../data/remote/memberships';

/** Thrown by the /dashboard guard so no page below it loads, and shown by the error page. */
export class NeedsOwnSignIn extends Error {
  /** `membership`: the shop the counter bar still names while the page is refused. */
  constructor(
    readonly path: string,
    readonly membership: Membership | null,
  ) {
    super(`${path} needs your own sign-in.`);
    this.name = 'NeedsOwnSignIn';
  }
}

export function CounterRefusal() {
  return (
    <main className="status-page" id="main">
      <h1>
        {/* One line break fewer: never "sign-" and "in" on two lines. */}
        <Trans>
          This page needs your own <span className="nowrap">sign-in</span>
        </Trans>
      </h1>
      <p>
        <Trans>
          On a shared till a PIN opens the counter only: the register, its recent sales and your shift.
          Settings, Staff, Products, Insights, Activity and the rest of the back office open with the password
          of the account this till is signed in as (the menu&apos;s &apos;Back office: sign in&apos;), or on
          your own device.
        </Trans>
      </p>
      <div className="status-page__actions">
        <Link to="/dashboard/register" className="button button--primary">
          <Trans>Back to the register</Trans>
        </Link>
      </div>
    </main>
  );
}
