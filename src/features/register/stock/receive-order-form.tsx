// One purchase order being received ([PUR-T2]…[PUR-T9]): a line per product with 'Ordered', 'Already
// received', 'Arrived now', 'Unit cost' and 'Cost after'; scans and 'Scan or search' add to a line or add a
// product not on the order; 'Post receipt' asks its questions, then posts the delivery in one transaction.
import { useCallback, useEffect, useRef, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { questionWords, type ReceiptQuestion } from '../../../domain/purchasing/receipt-lines';
import type { ProductSearchIndex } from '../../../domain/product-search';
import type { MirrorProduct } from '../../../data/local/mirror-db';
import type { ReceivingOrder } from '../../../data/local/purchasing-reads';
import { Alert } from '../../../ui/alert';
import { StockQuestion } from '../../../ui/stock-line';
import { addOne, draftOf, readReceipt, withExtra, type DraftLine } from './receipt-draft';
import { ProductFinder } from './product-finder';
import { ReceiveLine } from './receive-line';
import { useBroughtIntoView } from './use-brought-into-view';
import type { RegisterStock } from './register-stock';
import type { ScanRoute } from './scan-route';

export interface ReceiveOrderFormProps {
  stock: RegisterStock;
  orderId: string;
  index: ProductSearchIndex<MirrorProduct>;
  currency: string;
  scans: ScanRoute;
  onBack: () => void;
  onPosted: (words: string) => void;
}

interface Asking {
  questions: ReceiptQuestion[];
  /** The 'no' button's label: 'Change' before posting, 'Cancel' when adding a product. */
  no: string;
  then: () => void;
}

const questionKey = (question: ReceiptQuestion) => `${question.kind}:${question.productId}`;

export function ReceiveOrderForm(props: ReceiveOrderFormProps) {
  const { stock, orderId, index, currency, scans, onBack, onPosted } = props;
  const { t } = useLingui();
  const [order, setOrder] = useState<ReceivingOrder | null>(null);
  const [lines, setLines] = useState<DraftLine[]>([]);
  const [costFlagPct, setCostFlagPct] = useState(20);
  const [notice, setNotice] = useState<string | null>(null);
  const [asking, setAsking] = useState<Asking | null>(null);
  const [posting, setPosting] = useState(false);
  const confirmed = useRef(new Set<string>());
  const searchField = useRef<HTMLInputElement>(null);
  // A question asked after 'Post receipt' sits beside it, a notice above the lines: on a long order each is
  // brought into view.
  const questionBox = useBroughtIntoView<HTMLDivElement>(asking);
  const noticeBox = useBroughtIntoView<HTMLDivElement>(notice);

  useEffect(() => {
    let live = true;
    void Promise.all([stock.order(orderId), stock.settings()]).then(([found, settings]) => {
      if (!live) return;
      setOrder(found);
      setLines(found ? draftOf(found, currency) : []);
      setCostFlagPct(settings.receiptCostFlagPct);
    });
    return () => {
      live = false;
    };
  }, [stock, orderId, currency]);

  /** Asks each question in turn; with none left (or none at all), what was asked for goes ahead. */
  const ask = useCallback((next: Asking) => {
    if (next.questions.length > 0) {
      setAsking(next);
      return;
    }
    setAsking(null);
    next.then();
  }, []);

  const change = useCallback((key: string, edit: (line: DraftLine) => DraftLine) => {
    setLines((all) => all.map((line) => (line.key === key ? edit(line) : line)));
  }, []);

  /** [PUR-T5] A product scanned or chosen: one more on its line, or, asked first, a line not on the order. */
  const take = useCallback(
    (product: MirrorProduct) => {
      setNotice(null);
      const existing = lines.find((line) => line.product.id === product.id);
      if (existing) {
        change(existing.key, addOne);
        return;
      }
      if (!order) return;
      const extra = withExtra([], product, currency)[0];
      if (!extra) return;
      const questions = readReceipt([extra], order, currency, costFlagPct).questions.filter(
        (question) => question.kind !== 'cost',
      );
      ask({
        questions,
        no: t`Cancel`,
        then: () => {
          for (const question of questions) confirmed.current.add(questionKey(question));
          setLines((all) => withExtra(all, product, currency));
        },
      });
    },
    [lines, order, currency, costFlagPct, change, ask, t],
  );

  if (order === null) {
    return (
      <div className="receive-stock__form">
        <button type="button" className="button button--ghost" onClick={onBack}>
          <Trans>Back to orders</Trans>
        </button>
      </div>
    );
  }

  const read = readReceipt(lines, order, currency, costFlagPct);

  const post = async () => {
    if (!read.valid) {
      setNotice(t`Some lines need a change before posting.`);
      return;
    }
    if (read.toPost.length === 0) {
      setNotice(t`Nothing has been entered as arrived`);
      return;
    }
    setPosting(true);
    setNotice(null);
    // [PUR-T8] Online, the server's figures first; offline or failing, what the till knows.
    await stock.refresh();
    const fresh = (await stock.order(orderId)) ?? order;
    const current = lines.map((line) => ({
      ...line,
      orderLine: fresh.lines.find((other) => other.orderLineId === line.key) ?? line.orderLine,
    }));
    setOrder(fresh);
    setLines(current);
    const again = readReceipt(current, fresh, currency, costFlagPct);
    setPosting(false);
    ask({
      questions: again.questions.filter((question) => !confirmed.current.has(questionKey(question))),
      no: t({ message: 'Change', context: 'go back and change what was typed' }),
      then: () => {
        setPosting(true);
        void stock.receive(orderId, again.toPost).then((posted) => {
          setPosting(false);
          const number = order.order.number ?? t`Draft`;
          if (posted.ok) onPosted(t`Delivery received: ${number}`);
          else setNotice(posted.error.message);
        });
      },
    });
  };

  const question = asking?.questions[0];
  return (
    <div className="receive-stock__form">
      <p className="receive-stock__supplier">
        {order.supplier?.name ?? t`Unknown supplier`}
        <button type="button" className="button button--ghost" onClick={onBack}>
          <Trans>Back to orders</Trans>
        </button>
      </p>
      <ProductFinder
        label={t`Scan or search`}
        inputId="receive-search"
        index={index}
        scans={scans}
        onPick={take}
        onNotice={setNotice}
        inputRef={searchField}
      />
      {notice ? (
        <div ref={noticeBox}>
          <Alert>{notice}</Alert>
        </div>
      ) : null}
      <div className="receive-stock__lines">
        {lines.map((line, at) => {
          const readLine = read.lines[at];
          return readLine ? (
            <ReceiveLine
              key={line.key}
              line={line}
              read={readLine}
              order={order}
              currency={currency}
              onChange={(edit) => {
                change(line.key, edit);
              }}
            />
          ) : null;
        })}
      </div>
      {question ? (
        <StockQuestion
          ref={questionBox}
          label={t`Question`}
          text={questionWords(question, currency).text}
          yes={questionWords(question, currency).yes}
          no={asking.no}
          onYes={() => {
            confirmed.current.add(questionKey(question));
            ask({ ...asking, questions: asking.questions.slice(1) });
          }}
          onNo={() => {
            setAsking(null);
          }}
        />
      ) : null}
      <div className="receive-stock__actions">
        <button
          type="button"
          className="button button--secondary"
          onClick={() => {
            searchField.current?.focus();
            setNotice(t`Scan the product, or type its name and press Find.`);
          }}
        >
          <Trans>Add a product not on the order</Trans>
        </button>
        <button
          type="button"
          className="button button--primary button--lg"
          disabled={posting || asking !== null}
          onClick={() => void post()}
        >
          <Trans>Post receipt</Trans>
        </button>
      </div>
    </div>
  );
}
