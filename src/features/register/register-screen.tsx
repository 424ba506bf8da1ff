// The register (issue 7): find or scan a product, build the cart, take payment, show the receipt. Everything
// it touches arrives in `deps` (see register-deps.ts), so it runs unchanged against fake-indexeddb in tests.
import { lazy, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { pointsDue, priceCart, type Cart, type CartLine, type PricedLine } from '../../domain/cart';
import { withoutCoupon, withPromotionRemoved } from '../../domain/cart-promotions';
import { normalCouponCode, tryCoupon } from '../../domain/coupon-check';
import {
  addProduct,
  overridePrice,
  removeLine,
  setLineModifiers,
  setPointsDiscount,
  withModifiers,
  withSaleApproval,
} from '../../domain/cart-edit';
import type { ModifierGroup } from '../../domain/modifier-pricing';
import {
  emptyModifierCatalog,
  productModifierGroups,
  type ModifierCatalog,
} from '../../data/local/modifier-catalog';
import { askNoApproval } from '../../domain/cashier-stamp';
import { isVariantParent } from '../../domain/variant-stock';
import { formatMoney } from '../../domain/money-text';
import type { Minor } from '../../domain/money';
import { units, type Milli } from '../../domain/quantity';
import { productSnapshot } from '../../domain/snapshots';
import type { Tender } from '../../domain/tender';
import type { MirrorProduct } from '../../data/local/mirror-db';
import { Alert } from '../../ui/alert';
import { CameraScan } from './scanner/camera-scan';
import { CartPanel, CartTotals } from './cart/cart-panel';
import { ParkedCarts } from './cart/parked-carts';
import { PaymentPanel } from './payment/payment-panel';
import { ProductFinder } from './catalog/product-finder';
import { ReceiptView } from './receipt/receipt-view';
import { WeightDialog } from './cart/weight-dialog';
import { RecentSalesDialog } from './history/recent-sales';
import type { CompletedSale, RegisterDeps } from './register-deps';
import { DEFAULT_BURST } from './scanner/scanner-burst';
import { CounterLayout } from './layout/counter-layout';
import { ShortcutHelp } from './shortcut-help';
import { UnknownBarcode } from './scanner/unknown-barcode';
import { useBarcodeScanner } from './scanner/use-barcode-scanner';
import { lookUpScan } from './scanner/scan-lookup';
import type { LabelledItem } from '../../domain/embedded-barcode';
import { useCatalog } from './catalog/use-catalog';
import './register.css';
import './layout/register-layout.css';
import { useRegisterCart } from './cart/use-register-cart';
import { usePromotions } from './cart/use-promotions';
import { couponRefusalText } from './cart/coupon-words';
import { markBoot } from '../../lib/boot-marks';
import { useRegisterShortcuts } from './use-register-shortcuts';
import { useDisplayFeed } from './use-display-feed';
import { useTillReader } from './payment/use-till-reader';
import { useOnline } from '../../ui/use-online';
import type { PaymentReader } from './payment/payment-panel';
import { LazyPart } from '../../ui/lazy-part';
import { loadModifierDialog, loadReaderSimulator, loadVariantChooser } from './counter-parts';
import { OfflineReadinessStatus } from './offline-readiness-status';
import { Trans, useLingui } from '@lingui/react/macro';
import { saleEarnings } from '../../domain/sale-record';
import { CustomerValueSummary } from './value/customer-value-summary';
import { useLoyaltyScheme } from './value/use-loyalty-scheme';
import { ValueActions } from './value/value-actions';
import { StockActions } from './stock/stock-actions';
import { CountStockAction } from './stock/count-stock-action';
import { scanRoute } from './stock/scan-route';
import { AccountPaymentAction } from './value/account-payment';

// Local stack only, and only for a simulated reader: its code stays out of the register's own chunk.
const ReaderSimulatorPanel = lazy(loadReaderSimulator);
// Asked only when a product with options is tapped: its code stays out of the register's first screen.
const VariantChooser = lazy(loadVariantChooser);
// Asked only when a product with modifiers is tapped: out of the register's first chunk.
const ModifierDialog = lazy(loadModifierDialog);

/** The modifier dialog's question: a product to add, or a line whose options change. */
interface Choosing {
  name: string;
  basePrice: Minor;
  groups: readonly ModifierGroup[];
  initial: readonly string[];
  product?: MirrorProduct;
  lineId?: string;
}

/** [COUNTER-12] A weighed product waiting for its weight, with the options already chosen for it. */
interface Weighing {
  product: MirrorProduct;
  chosen?: Parameters<typeof withModifiers>[1];
}

type Mode = { kind: 'cart' } | { kind: 'paying' } | { kind: 'receipt'; sale: CompletedSale };

export function RegisterScreen({ deps }: { deps: RegisterDeps }) {
  const { t } = useLingui();
  /** [COUNTER-10] Why the cart does not change while the reader waits for a card. */
  const READER_HOLDS_CART = t`Waiting for the card reader — Cancel to change the sale.`;
  const { rules, terminal } = deps;
  const register = useRegisterCart(deps.cartStore);
  const { catalog, toggleQuickKey, addProduct: addToCatalog } = useCatalog(deps, register.loaded);
  const [unknownCode, setUnknownCode] = useState<string | null>(null);
  const { edit } = register;
  const [mode, setMode] = useState<Mode>({ kind: 'cart' });
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [helpOpen, setHelpOpen] = useState(false);
  const [historyOpen, setHistoryOpen] = useState(false);
  const [stock, setStock] = useState<ReadonlyMap<string, Milli>>(new Map());
  const [sheetOpen, setSheetOpen] = useState(false);
  const [added, setAdded] = useState<{ productId: string; tick: number } | null>(null);
  const [choosingVariant, setChoosingVariant] = useState<MirrorProduct | null>(null);
  const [weighing, setWeighing] = useState<Weighing | null>(null);
  const search = useRef<HTMLInputElement>(null);
  // [COUNTER-10] While the reader holds a payment for this cart, nothing changes the cart: a tap that left
  // the payment would cancel it on the reader. A ref too, for the scanner's callback between renders.
  const [readerBusy, setReaderBusyState] = useState(false);
  const loyalty = useLoyaltyScheme(deps.value);
  const readerHolds = useRef(false);
  const setReaderBusy = useCallback(
    (busy: boolean) => {
      readerHolds.current = busy;
      setReaderBusyState(busy);
      // The reader let go: the reason the cart was locked no longer holds.
      if (!busy) setNotice((now) => (now?.endsWith(READER_HOLDS_CART) ? null : now));
    },
    [READER_HOLDS_CART],
  );
  const lastQuantity = useRef<HTMLInputElement | null>(null);
  // Issue 36: the deals are part of the one pricing ([PROMO-T2]), worked out again on every cart change.
  const promotions = usePromotions(deps.promotions, terminal.store_id);
  const { setting } = promotions;
  const priced = useMemo(() => priceCart(register.cart, rules, setting), [register.cart, rules, setting]);

  // [PROMO-T6] A coupon is checked against the till's copy and tried on the cart as it is when the check ends;
  // refused, the cart is left as it was and the answer says why.
  const { catalog: promotionCatalog, at: promotionsAt } = promotions;
  const { promotions: promotionSource } = deps;
  const applyCoupon = useCallback(
    async (typed: string): Promise<string | null> => {
      const code = normalCouponCode(typed);
      const pending = promotionSource ? await promotionSource.pendingUses(code).catch(() => 0) : 0;
      let refused: string | null = null;
      edit((current) => {
        const answer = tryCoupon(
          typed,
          current,
          promotionCatalog,
          { at: promotionsAt, pendingUses: () => pending },
          (cart: Cart) => priceCart(cart, rules, setting).deals,
        );
        if (answer.ok) return answer.cart;
        refused = couponRefusalText(answer.refusal, answer.code);
        return current;
      });
      return refused;
    },
    [edit, promotionCatalog, promotionsAt, promotionSource, rules, setting],
  );
  const dealsProps = promotionSource
    ? {
        names: promotionCatalog.names,
        onApplyCoupon: applyCoupon,
        onRemoveCoupon: (code: string) => {
          edit((current) => withoutCoupon(current, code));
        },
        onTakeOff: (promotionId: string) => {
          edit((current) => withPromotionRemoved(current, promotionId, true));
        },
        onPutBack: (promotionId: string) => {
          edit((current) => withPromotionRemoved(current, promotionId, false));
        },
      }
    : null;

  const { stockLevels } = deps;
  // A stock read can finish after the cashier has left the register; its answer is then dropped.
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  const refreshStock = useCallback(() => {
    void stockLevels().then(
      (levels) => {
        if (mounted.current) setStock(levels);
      },
      () => {
        if (mounted.current) setNotice(t`Stock levels could not be read on this device.`);
      },
    );
  }, [stockLevels, t]);
  useEffect(refreshStock, [refreshStock]);
  // [PSTOCK-T3] Levels pulled after the register opened (the first sync, another till's sales) show at once.
  const { watchStock } = deps;
  useEffect(() => watchStock?.(refreshStock), [watchStock, refreshStock]);

  // [MOD-3] The modifier catalogue, read from the mirror at start and again after each sale (pulls land then).
  const [modifierCatalog, setModifierCatalog] = useState<ModifierCatalog>(emptyModifierCatalog);
  const [choosing, setChoosing] = useState<Choosing | null>(null);
  const { modifiers: loadModifiers } = deps;
  const refreshModifiers = useCallback(() => {
    if (!loadModifiers) return;
    void loadModifiers().then(
      (loaded) => {
        if (mounted.current) setModifierCatalog(loaded);
      },
      (error: unknown) => {
        console.warn('Cannot read the modifiers', error);
      },
    );
  }, [loadModifiers]);
  useEffect(refreshModifiers, [refreshModifiers]);
  // A pull that brings or changes modifiers (the first visit's first sync, often after the products) is read
  // at once: a latte tapped then asks for its milk.
  const { watchModifiers } = deps;
  useEffect(() => watchModifiers?.(refreshModifiers), [watchModifiers, refreshModifiers]);
  useEffect(() => {
    markBoot('register shown');
  }, []);

  // One product rung up: as the catalogue has it (one piece), or as a scale label prices it. A product with
  // modifier groups asks for them first ([MOD-3]); `chosen` is the dialog's answer. A weighed product
  // without a label then asks for its weight ([COUNTER-12]); `weight` is that dialog's answer.
  const add = useCallback(
    (
      product: MirrorProduct,
      label?: LabelledItem,
      chosen?: Parameters<typeof withModifiers>[1],
      weight?: Milli,
    ) => {
      if (readerHolds.current) {
        setNotice(READER_HOLDS_CART);
        return;
      }
      const groups = label || chosen ? [] : productModifierGroups(modifierCatalog, product);
      if (groups.length > 0) {
        setChoosing({ name: product.name, basePrice: product.price, groups, initial: [], product });
        return;
      }
      if (product.weighed && !label && weight === undefined) {
        setWeighing(chosen ? { product, chosen } : { product });
        return;
      }
      const plain = productSnapshot(product);
      const rung = label ?? {
        product: chosen ? withModifiers(plain, chosen) : plain,
        quantity: weight ?? units(1),
      };
      edit((cart) => addProduct(cart, rung.product, rung.quantity, deps.ids()));
      setAdded((last) => ({ productId: product.id, tick: (last?.tick ?? 0) + 1 }));
      setNotice(null);
      setUnknownCode(null);
      setMode({ kind: 'cart' });
    },
    [edit, deps, modifierCatalog, READER_HOLDS_CART],
  );
  const editModifiers = useCallback(
    (line: CartLine) => {
      setChoosing({
        name: line.name,
        basePrice: line.basePrice ?? line.unitPrice,
        groups: productModifierGroups(modifierCatalog, {
          id: line.productId,
          variant_of: catalog.products.find((product) => product.id === line.productId)?.variant_of ?? null,
        }),
        initial: (line.modifiers ?? []).map((modifier) => modifier.optionId),
        lineId: line.lineId,
      });
    },
    [modifierCatalog, catalog.products],
  );

  // [VAR-1] A product with options is never rung up itself: tapping (or scanning) it asks for them.
  const addOrChoose = useCallback(
    (product: MirrorProduct) => {
      if (readerHolds.current) setNotice(READER_HOLDS_CART);
      else if (isVariantParent(product)) setChoosingVariant(product);
      else add(product);
    },
    [add, READER_HOLDS_CART],
  );

  const { scaleLayouts } = deps;
  // While a stock screen is open over the register, scans are its own (stock/scan-route.ts).
  const [stockScans] = useState(scanRoute);
  const onScan = useCallback(
    (code: string) => {
      const stockScan = stockScans.current();
      if (stockScan) {
        stockScan(code);
        return;
      }
      // A scan while the reader waits is not lost silently: the cashier is told it was not added.
      if (readerHolds.current) {
        setNotice(t`${code} was not added. Waiting for the card reader — Cancel to change the sale.`);
        return;
      }
      const answer = lookUpScan(code, catalog.index, scaleLayouts ?? [], rules.currency);
      // [PROMO-T6] A scanned code that is no product but one of the shop's coupons goes on as a coupon.
      if (answer.kind === 'unknown' && promotionCatalog.byCode.has(normalCouponCode(code))) {
        void applyCoupon(code).then((problem) => {
          setNotice(problem);
        });
        return;
      }
      if (answer.kind === 'product') addOrChoose(answer.product);
      else if (answer.kind === 'label') add(answer.product, answer.item);
      else if (answer.kind === 'problem') {
        setUnknownCode(null);
        setNotice(answer.message);
      } else {
        setNotice(null);
        setUnknownCode(code);
      }
    },
    [catalog, add, addOrChoose, scaleLayouts, rules.currency, t, promotionCatalog, applyCoupon, stockScans],
  );
  useBarcodeScanner(onScan, deps.scanner ?? DEFAULT_BURST, deps.now);

  // A shared till may lock once the cashier leaves a sale's receipt (the shop's lock_after_sale).
  const { onSaleDone } = deps;
  const onReceipt = useRef(false);
  useEffect(() => {
    if (mode.kind === 'receipt') onReceipt.current = true;
    else if (onReceipt.current) {
      onReceipt.current = false;
      onSaleDone?.();
    }
  }, [mode.kind, onSaleDone]);

  useDisplayFeed(mode, priced, rules.currency);

  const { approve, onLineRemoved } = deps;
  const removeLineAsked = useCallback(
    async ({ line, amount }: PricedLine) => {
      const eventId = deps.ids();
      const name = line.name;
      const price = formatMoney(amount, rules.currency);
      const answer = await (approve ?? askNoApproval)(
        'line_removal',
        eventId,
        t`Remove ${name} (${price}) from the sale.`,
        (shop) => shop.approveLineRemoval,
      );
      if (!answer.approved) return;
      edit((cart) => removeLine(cart, line.lineId));
      onLineRemoved?.(eventId, { name: line.name, quantity: line.quantity, total: amount }, answer.approval);
    },
    [deps, approve, onLineRemoved, edit, rules.currency, t],
  );

  // 'No sale' (issue 19): the drawer opens without a sale, a manager approves it when the shop asks, and
  // it is recorded whether or not a printer could kick the drawer open.
  const { printer, recordNoSale } = deps;
  const [drawerNote, setDrawerNote] = useState<{ tone: 'success' | 'warning'; text: string } | null>(null);
  const noSale = useCallback(async () => {
    if (!recordNoSale) return;
    const eventId = deps.ids();
    const answer = await (approve ?? askNoApproval)(
      'no_sale',
      eventId,
      t`Open the cash drawer with no sale.`,
      (shop) => shop.approveNoSale,
    );
    if (!answer.approved) return;
    const opened = printer?.isSet() ? await printer.openDrawer({ gesture: true }) : null;
    const recorded = await recordNoSale(eventId, answer.approval, opened?.ok ?? false);
    const why = recorded.ok ? '' : recorded.error.message;
    const saved = recorded.ok ? '' : ' ' + t`It could not be recorded: ${why}`;
    const problem = opened?.ok === false ? opened.message : '';
    setDrawerNote(
      opened === null
        ? {
            tone: 'warning',
            text: t`No sale recorded. No printer is set on this till: open the drawer with its key.` + saved,
          }
        : opened.ok
          ? { tone: 'success', text: t`No sale: the drawer is open.` + saved }
          : {
              tone: 'warning',
              text: t`No sale recorded, but the drawer did not open. ${problem}` + saved,
            },
    );
  }, [deps, approve, printer, recordNoSale, t]);

  // A changed price is approved for the sale it rides on, so the cart draws its sale id now ([CART-5]).
  const { cart } = register;
  const changePriceAsked = useCallback(
    async ({ line }: PricedLine, unitPrice: Minor): Promise<string | null> => {
      const saleId = cart.saleId ?? deps.ids();
      const name = line.name;
      const from = formatMoney(line.unitPrice, rules.currency);
      const to = formatMoney(unitPrice, rules.currency);
      const answer = await (approve ?? askNoApproval)(
        'price_override',
        saleId,
        t`Change the price of ${name} from ${from} to ${to}.`,
        (shop) => shop.approvePriceOverride,
      );
      if (!answer.approved) return t`A manager did not approve the new price. The price is as it was.`;
      edit((current) =>
        overridePrice(withSaleApproval(current, saleId, answer.approval), line.lineId, unitPrice),
      );
      return null;
    },
    [cart.saleId, deps, approve, edit, rules.currency, t],
  );

  const newSale = useCallback(() => {
    setMode({ kind: 'cart' });
    setSheetOpen(false);
    setNotice(null);
    setUnknownCode(null);
    search.current?.focus();
  }, []);

  useRegisterShortcuts({
    search: () => search.current?.focus(),
    quantity: () => lastQuantity.current?.focus(),
    pay: () => {
      if (register.cart.lines.length > 0 && mode.kind === 'cart') setMode({ kind: 'paying' });
    },
    newSale: () => {
      if (mode.kind === 'receipt') newSale();
    },
    help: () => {
      setHelpOpen(true);
    },
    recentSales: () => {
      setHistoryOpen(true);
    },
  });

  // Card payments on the till's reader (issue 20): approved ones are stored with the cart for its sale id
  // ([CART-7]) until it is recorded, so going back to the cart, parking or a reload keeps them.
  const tillReader = useTillReader(deps.cardReader);
  const online = useOnline();
  const { stampSale } = register;
  const saleIdNow = useCallback(async () => (await stampSale(deps.ids)).saleId ?? '', [stampSale, deps]);
  const paymentReader: PaymentReader | undefined = deps.cardReader
    ? {
        deps: deps.cardReader,
        known: tillReader,
        online,
        saleId: saleIdNow,
        taken: cart.takenTenders ?? [],
        onTaken: (tender, saleId) => {
          register.edit((now) =>
            now.saleId === saleId ? { ...now, takenTenders: [...(now.takenTenders ?? []), tender] } : now,
          );
        },
      }
    : undefined;

  const complete = async (tenders: readonly Tender[]) => {
    setBusy(true);
    const cart = await register.stampSale(deps.ids);
    const result = await deps.completeSale(cart, priced, tenders);
    setBusy(false);
    if (!result.ok) {
      setNotice(result.error.message);
      return;
    }
    register.clear();
    setMode({ kind: 'receipt', sale: result.value });
    // Where the register follows stock ([PSTOCK-T3]), the sale's own movements already refresh it: read once.
    if (!watchStock) refreshStock();
    refreshModifiers();
  };

  const pay = () => {
    setMode({ kind: 'paying' });
  };
  // The local stack's simulated reader, in the sale's column under the payment, where the cashier looks.
  const simulator = deps.cardReader?.simulator;
  const simulatedReader =
    tillReader?.deviceType.startsWith('simulated_') && simulator ? (
      <LazyPart what={t`The simulated reader`}>
        <ReaderSimulatorPanel reader={tillReader} simulator={simulator} />
      </LazyPart>
    ) : null;
  const alerts = (
    <>
      {notice !== null ? <Alert tone="warning">{notice}</Alert> : null}
      {register.problem !== null ? <Alert>{register.problem}</Alert> : null}
    </>
  );
  const sale = (
    <section className="register__side" aria-label={t`Sale`}>
      <div className="register__sale">
        {alerts}
        {unknownCode !== null ? (
          <UnknownBarcode
            code={unknownCode}
            currency={rules.currency}
            defaultTaxRateBp={catalog.products[0]?.tax_rate_bp ?? 0}
            {...(addToCatalog ? { addProduct: addToCatalog } : {})}
            onAdded={add}
          />
        ) : null}
        {mode.kind === 'receipt' ? (
          <ReceiptView
            sale={mode.sale}
            terminal={terminal}
            currency={rules.currency}
            taxMode={rules.taxMode}
            history={deps.history}
            {...(printer ? { printer } : {})}
            {...(deps.receiptMail ? { mail: deps.receiptMail } : {})}
            {...(deps.customers ? { customers: deps.customers } : {})}
            onNewSale={newSale}
          />
        ) : mode.kind === 'paying' ? (
          <>
            <PaymentPanel
              total={priced.totals.total}
              rules={rules}
              busy={busy}
              onComplete={(tenders) => void complete(tenders)}
              onBack={() => {
                setMode({ kind: 'cart' });
              }}
              onReaderBusy={setReaderBusy}
              {...(paymentReader ? { reader: paymentReader } : {})}
              {...(deps.value
                ? {
                    value: deps.value,
                    ...(cart.customerId === undefined ? {} : { customerId: cart.customerId }),
                    pointsEarned: (tenders: readonly Tender[]) =>
                      saleEarnings(cart, priced, tenders, loyalty, rules.currency),
                  }
                : {})}
            />
            {simulatedReader}
          </>
        ) : !register.loaded ? (
          <p>
            <Trans>Loading the cart…</Trans>
          </p>
        ) : (
          <>
            <CartPanel
              cart={register.cart}
              priced={priced}
              currency={rules.currency}
              edit={edit}
              added={added}
              {...(deps.customers ? { customers: deps.customers } : {})}
              {...(approve || onLineRemoved
                ? {
                    onRemoveLine: (line: PricedLine) => {
                      void removeLineAsked(line);
                    },
                  }
                : {})}
              onChangePrice={changePriceAsked}
              onEditModifiers={editModifiers}
              {...(dealsProps ? { deals: dealsProps } : {})}
              registerLastQuantity={(element) => {
                lastQuantity.current = element;
              }}
            />
            {deps.value && register.cart.customerId !== undefined ? (
              <CustomerValueSummary
                value={deps.value}
                customerId={register.cart.customerId}
                currency={rules.currency}
                earned={saleEarnings(register.cart, priced, [], loyalty, rules.currency)}
                {...(loyalty?.enabled && loyalty.redeemAs === 'discount'
                  ? {
                      points: {
                        scheme: loyalty,
                        due: pointsDue(priced),
                        applied: register.cart.pointsDiscount,
                        onChange: (discount) => {
                          register.edit((now) => setPointsDiscount(now, discount));
                        },
                      },
                    }
                  : {})}
              />
            ) : null}
            {deps.value && deps.accountPayments && register.cart.customerId !== undefined ? (
              <AccountPaymentAction
                value={deps.value}
                payments={deps.accountPayments}
                customerId={register.cart.customerId}
                currency={rules.currency}
              />
            ) : null}
            <ParkedCarts
              canPark={register.cart.lines.length > 0}
              parked={register.parked}
              onPark={(label) => void register.park(deps.ids(), label)}
              onResume={(id) => void register.resume(id)}
            />
          </>
        )}
        {drawerNote !== null ? <Alert tone={drawerNote.tone}>{drawerNote.text}</Alert> : null}
        <div className="register__more">
          <button
            type="button"
            className="button button--ghost"
            onClick={() => {
              setHistoryOpen(true);
            }}
          >
            <Trans>Recent sales</Trans>
          </button>
          {deps.value ? (
            <ValueActions
              value={deps.value}
              currency={rules.currency}
              edit={edit}
              newLineId={deps.ids}
              canSell={mode.kind === 'cart'}
            />
          ) : null}
          {deps.stock ? (
            <StockActions
              stock={deps.stock}
              index={catalog.index}
              currency={rules.currency}
              scans={stockScans}
            />
          ) : null}
          {deps.stock ? (
            <CountStockAction stock={deps.stock} index={catalog.index} scans={stockScans} />
          ) : null}
          {recordNoSale ? (
            <button type="button" className="button button--ghost" onClick={() => void noSale()}>
              <Trans>No sale</Trans>
            </button>
          ) : null}
        </div>
        <OfflineReadinessStatus />
      </div>
      {mode.kind === 'cart' && register.loaded ? (
        // Kept out of the scrolling part, so the total and Pay stay in view however long the cart grows.
        <div className="register__checkout">
          <CartTotals priced={priced} currency={rules.currency} taxMode={rules.taxMode} />
          <button
            type="button"
            className="button button--primary button--lg button--wide register__pay"
            disabled={register.cart.lines.length === 0}
            onClick={pay}
          >
            <Trans>Pay</Trans>
          </button>
        </div>
      ) : null}
    </section>
  );
  const closeSheet = () => {
    // Closing the sheet would leave the payment, and so cancel it on the reader.
    if (readerBusy) {
      setNotice(READER_HOLDS_CART);
      return;
    }
    if (mode.kind === 'receipt') newSale();
    else setMode({ kind: 'cart' });
    setSheetOpen(false);
    setUnknownCode(null);
  };

  const choosingVariantName = choosingVariant?.name ?? '';
  const choosingName = choosing?.name ?? '';
  return (
    <CounterLayout
      products={
        <ProductFinder
          catalog={catalog}
          stock={stock}
          currency={rules.currency}
          onAdd={addOrChoose}
          searchRef={search}
          tools={<CameraScan onCode={onScan} />}
          {...(toggleQuickKey
            ? {
                onToggleQuickKey: (product: MirrorProduct) => {
                  void toggleQuickKey(product).then(setNotice);
                },
              }
            : {})}
        />
      }
      sale={sale}
      alerts={alerts}
      bar={{
        lines: register.cart.lines,
        total: priced.totals.total,
        currency: rules.currency,
        onOpenCart: () => {
          setSheetOpen(true);
        },
        onPay: pay,
      }}
      sheetShown={sheetOpen || mode.kind !== 'cart' || unknownCode !== null}
      onCloseSheet={closeSheet}
    >
      {choosingVariant !== null ? (
        <LazyPart
          what={t`The choice of ${choosingVariantName}`}
          onClose={() => {
            setChoosingVariant(null);
          }}
        >
          <VariantChooser
            parent={choosingVariant}
            products={catalog.products}
            currency={rules.currency}
            onChoose={(variant) => {
              setChoosingVariant(null);
              add(variant);
            }}
            onClose={() => {
              setChoosingVariant(null);
            }}
          />
        </LazyPart>
      ) : null}
      {weighing ? (
        <WeightDialog
          productName={weighing.product.name}
          pricePerKg={weighing.product.price}
          money={(amount) => formatMoney(amount, rules.currency)}
          onClose={() => {
            setWeighing(null);
          }}
          onWeight={(weight) => {
            setWeighing(null);
            add(weighing.product, undefined, weighing.chosen, weight);
          }}
        />
      ) : null}
      {choosing ? (
        <LazyPart
          what={t`The options for ${choosingName}`}
          onClose={() => {
            setChoosing(null);
          }}
        >
          <ModifierDialog
            productName={choosing.name}
            basePrice={choosing.basePrice}
            groups={choosing.groups}
            initial={choosing.initial}
            currency={rules.currency}
            confirmLabel={choosing.lineId ? t`Update line` : t`Add to sale`}
            onClose={() => {
              setChoosing(null);
            }}
            onConfirm={(chosen) => {
              const { product, lineId } = choosing;
              setChoosing(null);
              if (lineId) edit((current) => setLineModifiers(current, lineId, chosen));
              else if (product) add(product, undefined, chosen);
            }}
          />
        </LazyPart>
      ) : null}
      <ShortcutHelp
        isOpen={helpOpen}
        onClose={() => {
          setHelpOpen(false);
        }}
      />
      <RecentSalesDialog
        isOpen={historyOpen}
        onClose={() => {
          setHistoryOpen(false);
        }}
        history={deps.history}
        terminal={terminal}
        rules={rules}
        canRefund={deps.role === 'owner' || deps.role === 'manager'}
        {...(printer ? { printer } : {})}
      />
    </CounterLayout>
  );
}
