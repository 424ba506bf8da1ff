// Counting one stocktake at the register ([PUR-T12]…[PUR-T14]): 'Scan to count' (the scanner or a search) adds
// one to the product's line in the current 'Zone'; 'Counted' sets the number; 'Send counts' queues the lines
// changed since the last send. A blind count shows no expected quantity. Everything is on this device.
import { useCallback, useEffect, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { countsToSend, markSent, setCount, type CountLine } from '../../../domain/purchasing/count-lines';
import { parseArrived } from '../../../domain/purchasing/receipt-lines';
import type { ProductSearchIndex } from '../../../domain/product-search';
import { formatQuantity, MILLI_PER_UNIT, type Milli } from '../../../domain/quantity';
import type { MirrorProduct, MirrorStocktake } from '../../../data/local/mirror-db';
import { inStocktakeScope } from '../../../data/local/stocktake-reads';
import { Alert } from '../../../ui/alert';
import { StockLine } from '../../../ui/stock-line';
import { TextField } from '../../../ui/text-field';
import { ProductFinder } from './product-finder';
import type { RegisterStock } from './register-stock';
import type { ScanRoute } from './scan-route';
import { useBroughtIntoView } from './use-brought-into-view';

export interface CountFormProps {
  stock: RegisterStock;
  stocktake: MirrorStocktake;
  index: ProductSearchIndex<MirrorProduct>;
  scans: ScanRoute;
  onBack: () => void;
}

const lineKey = (line: { productId: string; zone: string }) => `${line.productId}\u0000${line.zone}`;
const countText = (counted: Milli) => String(counted / MILLI_PER_UNIT);
/** The server keeps a zone name of at most 60 characters ([PUR-6]). */
const ZONE_MAX = 60;

export function CountForm({ stock, stocktake, index, scans, onBack }: CountFormProps) {
  const { t } = useLingui();
  const [lines, setLines] = useState<CountLine[]>([]);
  /** What was typed in each line's 'Counted', by line key; a line not typed in shows its count. */
  const [typed, setTyped] = useState<Record<string, string>>({});
  const [zone, setZone] = useState('');
  const [blind, setBlind] = useState(true);
  const [onHand, setOnHand] = useState<Map<string, Milli>>(new Map());
  const [notice, setNotice] = useState<{ text: string; tone: 'success' | 'error' } | null>(null);
  const [sending, setSending] = useState(false);
  const noticeBox = useBroughtIntoView<HTMLDivElement>(notice);

  useEffect(() => {
    let live = true;
    void Promise.all([stock.countedHere(stocktake.id), stock.settings(), stock.onHand()]).then(
      ([sent, settings, levels]) => {
        if (!live) return;
        setLines(sent);
        setBlind(settings.blindCounts);
        setOnHand(levels);
      },
    );
    return () => {
      live = false;
    };
  }, [stock, stocktake.id]);

  const zoneName = zone.trim().slice(0, ZONE_MAX);

  const warn = useCallback((text: string) => {
    setNotice({ text, tone: 'error' });
  }, []);

  /** [PUR-T12] A product scanned or chosen: one more on its line in the current zone. */
  const take = useCallback(
    (product: MirrorProduct) => {
      setNotice(null);
      const key = lineKey({ productId: product.id, zone: zoneName });
      // The scan's number replaces whatever was typed on that line.
      setTyped((all) => Object.fromEntries(Object.entries(all).filter(([other]) => other !== key)));
      setLines((all) =>
        setCount(all, {
          productId: product.id,
          zone: zoneName,
          counted: MILLI_PER_UNIT,
          add: true,
          at: new Date().toISOString(),
          newId: stock.newId,
        }),
      );
    },
    [stock, zoneName],
  );

  /** [PUR-T12] Typing sets the number; what is not a number ≥ 0 is named and changes nothing. */
  const type = (line: CountLine, product: MirrorProduct | undefined, text: string) => {
    setTyped((all) => ({ ...all, [lineKey(line)]: text }));
    const read = parseArrived(text, { name: product?.name ?? '', weighed: product?.weighed ?? true });
    if (!read.ok) return;
    setLines((all) =>
      setCount(all, {
        productId: line.productId,
        zone: line.zone,
        counted: read.value,
        at: new Date().toISOString(),
        newId: stock.newId,
      }),
    );
  };

  const errorOf = (line: CountLine, product: MirrorProduct | undefined): string | null => {
    const text = typed[lineKey(line)];
    if (text === undefined) return null;
    const read = parseArrived(text, { name: product?.name ?? '', weighed: product?.weighed ?? true });
    return read.ok ? null : read.error.message;
  };

  const send = async () => {
    if (lines.some((line) => errorOf(line, index.get(line.productId)) !== null)) {
      setNotice({ text: t`Some lines need a change before sending.`, tone: 'error' });
      return;
    }
    const toSend = countsToSend(lines);
    if (toSend.length === 0) {
      setNotice({ text: t`Nothing has been counted since the last send`, tone: 'error' });
      return;
    }
    setSending(true);
    const sent = await stock.sendCounts(stocktake.id, toSend);
    setSending(false);
    if (!sent.ok) {
      setNotice({ text: sent.error.message, tone: 'error' });
      return;
    }
    // [PUR-T13] Kept on the till as sent: a later change goes as a line that replaces it.
    setLines(markSent);
    setTyped({});
    const number = stocktake.number ?? t`Draft`;
    setNotice({ text: t`Counts sent: ${number}`, tone: 'success' });
  };

  return (
    <div className="receive-stock__form">
      <p className="receive-stock__supplier">
        <button type="button" className="button button--ghost" onClick={onBack}>
          <Trans>Back to stocktakes</Trans>
        </button>
      </p>
      <div className="count-stock__top">
        <TextField label={t`Zone`} name="count-zone" value={zone} onChange={setZone} />
        <ProductFinder
          label={t`Scan to count`}
          inputId="count-search"
          index={index}
          scans={scans}
          onPick={take}
          onNotice={warn}
        />
      </div>
      {notice ? (
        <div ref={noticeBox}>
          <Alert tone={notice.tone}>{notice.text}</Alert>
        </div>
      ) : null}
      <div className="receive-stock__lines">
        {lines.map((line) => {
          const product = index.get(line.productId);
          const name = product?.name ?? t`Unknown product`;
          const key = lineKey(line);
          const expected = formatQuantity(onHand.get(line.productId) ?? 0);
          return (
            <StockLine
              key={key}
              name={line.zone === '' ? name : `${name} · ${line.zone}`}
              figures={[
                ...(blind ? [] : [{ label: <Trans>Expected here now</Trans>, value: expected }]),
                ...(product && !inStocktakeScope(stocktake, product)
                  ? [{ label: <Trans>Not in this stocktake's list</Trans>, value: '' }]
                  : []),
              ]}
            >
              <TextField
                label={t`Counted`}
                name={`counted-${key}`}
                value={typed[key] ?? countText(line.counted)}
                inputMode="decimal"
                error={errorOf(line, product)}
                onChange={(text) => {
                  type(line, product, text);
                }}
              />
            </StockLine>
          );
        })}
      </div>
      <div className="receive-stock__actions">
        <button
          type="button"
          className="button button--primary button--lg"
          disabled={sending}
          onClick={() => void send()}
        >
          <Trans>Send counts</Trans>
        </button>
      </div>
    </div>
  );
}
