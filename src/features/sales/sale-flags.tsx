// [FLAGUI-1] Under a sale, what the server flagged about it (issue 33): one sentence per difference — a price or
// tax rate the catalogue does not give, an approval missing, a card payment another sale used — for managers
// and owners, who alone are given the read (cashiers are never asked). A sale the server has seen and found
// nothing in says so; offline, the flags need a connection, and the rest of the sale still shows.
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { FlagsError, saleFlagsQuery, type ReadSaleFlags } from '../../data/remote/flags';
import { unanswered } from '../../lib/query-answer';
import { Alert } from '../../ui/alert';
import { describeFlag, flagKindName, otherSaleOf } from '../../ui/flag-words';

export function SaleFlags({
  companyId,
  read,
  saleId,
  synced,
  money,
  openSale,
}: {
  companyId: string;
  read: ReadSaleFlags;
  saleId: string;
  /** Whether the server has the sale: before that it cannot have flagged anything. */
  synced: boolean;
  money: (amount: number) => string;
  openSale: (saleId: string) => void;
}) {
  const { t } = useLingui();
  const flags = useQuery({ ...saleFlagsQuery(companyId, read, saleId), enabled: synced });
  if (!synced) return null;
  if (unanswered(flags) && !flags.data) {
    const words =
      flags.error instanceof FlagsError ? flags.error.words : t`Flags need a connection to the server.`;
    return <p className="sales__hint">{words}</p>;
  }
  if (!flags.data) return null;
  if (flags.data.length === 0) {
    return (
      <p className="sales__hint">
        <Trans>The server checked this sale and flagged nothing.</Trans>
      </p>
    );
  }
  const flagCount = flags.data.length;
  return (
    <Alert
      tone="warning"
      title={flagCount === 1 ? t`Flagged by the server` : t`Flagged by the server (${flagCount})`}
    >
      <ul className="sale-flags" aria-label={t`Flags`}>
        {flags.data.map((flag) => {
          const other = otherSaleOf(flag.detail, saleId);
          return (
            <li key={flag.id}>
              <strong>{flagKindName(flag.kind)}</strong>: {describeFlag(flag, money)}
              {other && other !== saleId ? (
                <>
                  {' '}
                  <button
                    type="button"
                    className="sale-flags__link"
                    onClick={() => {
                      openSale(other);
                    }}
                  >
                    <Trans>See the other sale</Trans>
                  </button>
                </>
              ) : null}
            </li>
          );
        })}
      </ul>
    </Alert>
  );
}
