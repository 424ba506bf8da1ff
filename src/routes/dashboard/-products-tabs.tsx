// Products and its Promotions page (issue 36): the two pages' tabs, as Settings shows its own.
import { useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { buttonClass } from '../../ui/button';

export function ProductsTabs() {
  const { t } = useLingui();
  return (
    <nav aria-label={t`Products pages`} className="settings-tabs products-tabs">
      <Link
        to="/dashboard/products"
        className={buttonClass('secondary')}
        activeOptions={{ exact: true, includeSearch: false }}
        activeProps={{ 'aria-current': 'page' }}
      >
        {t`Products`}
      </Link>
      <Link
        to="/dashboard/products/promotions"
        className={buttonClass('secondary')}
        activeProps={{ 'aria-current': 'page' }}
      >
        {t`Promotions`}
      </Link>
    </nav>
  );
}
