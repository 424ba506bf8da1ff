// /dashboard/purchase-orders/$orderId/print (docs/purchasing.md, 'Send' to the supplier): the order as a
// page the browser prints or saves as PDF — the shop, the number, the supplier, where and when to deliver,
// and the lines with their costs. Only the page itself is printed (the frame hides in print, surfaces.css).
import { Trans, useLingui } from '@lingui/react/macro';
import { formatMoney } from '../../lib/format-money';
import { formatQuantity } from '../../domain/quantity';
import { mulDivRound } from '../../domain/money';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import type { PurchaseOrdersDeps } from './purchase-orders-deps';
import { useOrderData } from './use-order-data';
import './purchase-orders.css';

export function PurchaseOrderPrint({
  deps,
  orderId,
  onPrint,
}: {
  deps: PurchaseOrdersDeps;
  orderId: string;
  onPrint: () => void;
}) {
  const { t } = useLingui();
  const { order, suppliers, stores, products } = useOrderData(deps, orderId);
  if (order.isPending) return <p>{t`Loading the order…`}</p>;
  const detail = order.data;
  if (!detail) {
    return (
      <Alert title={t`This purchase order is not here`}>
        {order.error?.message ??
          t`It is not one of this shop's orders, or it has not reached the server yet.`}
      </Alert>
    );
  }
  const supplier = suppliers.data?.find((choice) => choice.id === detail.supplierId)?.name ?? '';
  const store = stores.data?.find((choice) => choice.id === detail.storeId)?.name ?? '';
  const byId = new Map((products.data ?? []).map((product) => [product.id, product]));
  const costs = detail.lines.map((line) =>
    line.unitCost === null ? null : mulDivRound(line.quantity, line.unitCost, 1000),
  );
  const total = costs.reduce<number>((sum, cost) => sum + (cost ?? 0), 0);
  const number = detail.number ?? t`Draft`;
  const shop = deps.shopName;
  return (
    <article className="purchase-order-print">
      <header className="purchase-order-print__header">
        <h2>{t`Purchase order ${number} from ${shop}`}</h2>
        <dl>
          <dt>{t`Supplier`}</dt>
          <dd>{supplier}</dd>
          <dt>{t`Deliver to`}</dt>
          <dd>{store}</dd>
          <dt>{t`Expected on`}</dt>
          <dd>{detail.expectedOn ?? ''}</dd>
        </dl>
        {detail.note ? <p className="purchase-order-print__note">{detail.note}</p> : null}
      </header>
      <div className="purchase-order-print__scroll">
        <table className="purchase-order-print__lines">
          <thead>
            <tr>
              <th scope="col">{t`Product`}</th>
              <th scope="col" className="purchase-order-print__sku">
                {t`SKU`}
              </th>
              <th scope="col">{t`Quantity`}</th>
              <th scope="col">{t`Unit cost`}</th>
              <th scope="col">{t`Line cost`}</th>
            </tr>
          </thead>
          <tbody>
            {detail.lines.map((line, index) => {
              const product = byId.get(line.productId);
              const cost = costs[index] ?? null;
              return (
                <tr key={line.id}>
                  <th scope="row">{product?.name ?? ''}</th>
                  <td className="purchase-order-print__sku">{product?.sku ?? ''}</td>
                  <td>{formatQuantity(line.quantity)}</td>
                  <td>{line.unitCost === null ? '' : formatMoney(line.unitCost, deps.currency)}</td>
                  <td>{cost === null ? '' : formatMoney(cost, deps.currency)}</td>
                </tr>
              );
            })}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row" colSpan={4}>
                {t`Total cost`}
              </th>
              <td>{formatMoney(total, deps.currency)}</td>
            </tr>
          </tfoot>
        </table>
      </div>
      <div className="purchase-order-print__actions">
        <Button onPress={onPrint}>
          <Trans>Print</Trans>
        </Button>
      </div>
    </article>
  );
}
