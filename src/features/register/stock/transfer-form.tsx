// One transfer at the till, to send ([PUR-T10]) or to receive ([PUR-T11]): a line per product with its
// figures and the fields a person fills in. Everything is read from this device and posted through the
// ledger, so it works offline; scans reach it through the register's scanner while it is open.
import { useCallback, useEffect, useRef, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ProductSearchIndex } from '../../../domain/product-search';
import { MILLI_PER_UNIT, formatQuantity, type Milli } from '../../../domain/quantity';
import { parseArrived } from '../../../domain/purchasing/receipt-lines';
import {
  readSend,
  readTransferReceipt,
  type TransferQuestion,
} from '../../../domain/purchasing/transfer-lines';
import type { MirrorProduct } from '../../../data/local/mirror-db';
import type { TransferHere, TransferLineHere } from '../../../data/local/purchasing-reads';
import { Alert } from '../../../ui/alert';
import { StockLine, StockQuestion } from '../../../ui/stock-line';
import { TextField } from '../../../ui/text-field';
import type { RegisterStock } from './register-stock';
import type { ScanRoute } from './scan-route';
import { useBroughtIntoView } from './use-brought-into-view';

export type TransferMode = 'send' | 'receive';

export interface TransferFormProps {
  stock: RegisterStock;
  transferId: string;
  mode: TransferMode;
  index: ProductSearchIndex<MirrorProduct>;
  scans: ScanRoute;
  onBack: () => void;
  onPosted: (words: string) => void;
}

/** What is typed on one line: 'Sent' when sending; 'Arrived now' and 'Damaged' when receiving. */
interface Typed {
  first: string;
  damaged: string;
}

const productOf = (line: TransferLineHere) => ({
  id: line.product.id,
  name: line.product.name,
  weighed: line.product.weighed,
});

/** A scan: one more on the line (typed text that is not a number restarts at 1). */
function plusOne(text: string, line: TransferLineHere): string {
  const now = parseArrived(text, { ...productOf(line), weighed: true });
  return String((now.ok ? now.value + MILLI_PER_UNIT : MILLI_PER_UNIT) / MILLI_PER_UNIT);
}

const asText = (quantity: Milli) => String(quantity / MILLI_PER_UNIT);

export function TransferForm(props: TransferFormProps) {
  const { stock, transferId, mode, index, scans, onBack, onPosted } = props;
  const { t } = useLingui();
  const [transfer, setTransfer] = useState<TransferHere | null>(null);
  const [typed, setTyped] = useState<Typed[]>([]);
  const [notice, setNotice] = useState<string | null>(null);
  const [asking, setAsking] = useState<TransferQuestion[] | null>(null);
  const [posting, setPosting] = useState(false);
  const noticeBox = useBroughtIntoView<HTMLDivElement>(notice);
  const questionBox = useBroughtIntoView<HTMLDivElement>(asking);

  useEffect(() => {
    let live = true;
    void stock.transfer(transferId).then((found) => {
      if (!live) return;
      setTransfer(found);
      // [PUR-T10] Sending starts at the drafted quantities; receiving at nothing arrived.
      setTyped(
        (found?.lines ?? []).map((line) => ({
          first: mode === 'send' ? asText(line.quantity) : '',
          damaged: '',
        })),
      );
    });
    return () => {
      live = false;
    };
  }, [stock, transferId, mode]);

  const edit = useCallback((at: number, change: Partial<Typed>) => {
    setTyped((all) => all.map((one, i) => (i === at ? { ...one, ...change } : one)));
  }, []);

  const onScan = useCallback(
    (code: string) => {
      const product = index.findByCode(code);
      const at = transfer?.lines.findIndex((line) => line.product.id === product?.id) ?? -1;
      const line = transfer?.lines[at];
      if (!product) setNotice(t`No product has this barcode`);
      else if (!line) {
        const name = product.name;
        setNotice(t`${name} is not on this transfer.`);
      } else {
        setNotice(null);
        setTyped((all) =>
          all.map((one, i) => (i === at ? { ...one, first: plusOne(one.first, line) } : one)),
        );
      }
    },
    [index, transfer, t],
  );
  const latestScan = useRef(onScan);
  useEffect(() => {
    latestScan.current = onScan;
  }, [onScan]);
  useEffect(
    () =>
      scans.take((code) => {
        latestScan.current(code);
      }),
    [scans],
  );

  const back = (
    <button type="button" className="button button--ghost" onClick={onBack}>
      <Trans>Back to transfers</Trans>
    </button>
  );
  if (transfer === null) return <div className="receive-stock__form">{back}</div>;

  const number = transfer.transfer.number ?? t`Draft`;
  const lines = transfer.lines;
  const sendRead = readSend(
    lines.map((line, at) => ({
      transferLineId: line.transferLineId,
      product: productOf(line),
      sentText: typed[at]?.first ?? '',
    })),
  );
  const receiveRead = readTransferReceipt(
    lines.map((line, at) => ({
      transferLineId: line.transferLineId,
      product: productOf(line),
      inTransit: line.inTransit,
      seenReceived: line.seenReceived,
      receivedText: typed[at]?.first ?? '',
      damagedText: typed[at]?.damaged ?? '',
    })),
  );

  const finish = (posted: { ok: true } | { ok: false; error: { message: string } }, words: string) => {
    setPosting(false);
    if (posted.ok) onPosted(words);
    else setNotice(posted.error.message);
  };

  const postReceipt = () => {
    setAsking(null);
    setPosting(true);
    void stock.receiveTransfer(transferId, receiveRead.toPost).then((posted) => {
      finish(posted, t`Transfer received: ${number}`);
    });
  };

  const submit = () => {
    const valid = mode === 'send' ? sendRead.valid : receiveRead.valid;
    if (!valid) {
      setNotice(t`Some lines need a change before posting.`);
      return;
    }
    setNotice(null);
    if (mode === 'send') {
      if (sendRead.toSend.length === 0) {
        setNotice(t`Nothing has been entered to send`);
        return;
      }
      setPosting(true);
      void stock.sendTransfer(transferId, sendRead.toSend).then((posted) => {
        finish(posted, t`Transfer sent: ${number}`);
      });
      return;
    }
    if (receiveRead.toPost.length === 0) {
      setNotice(t`Nothing has been entered as arrived`);
      return;
    }
    // [PUR-T11] More than in transit is asked about; yes sends it all (the server holds the excess).
    if (receiveRead.questions.length > 0) setAsking(receiveRead.questions);
    else postReceipt();
  };

  const question = asking?.[0];
  const other = transfer.otherStoreName ?? t`Unknown store`;
  return (
    <div className="receive-stock__form">
      <p className="receive-stock__supplier">
        {mode === 'send' ? <Trans>To {other}</Trans> : <Trans>From {other}</Trans>}
        {back}
      </p>
      {notice ? (
        <div ref={noticeBox}>
          <Alert>{notice}</Alert>
        </div>
      ) : null}
      <div className="receive-stock__lines">
        {lines.map((line, at) => (
          <StockLine
            key={line.transferLineId}
            name={line.product.name}
            figures={
              mode === 'send'
                ? [{ label: <Trans>Drafted</Trans>, value: formatQuantity(line.quantity) }]
                : [
                    { label: <Trans>Sent</Trans>, value: formatQuantity(line.sent) },
                    { label: <Trans>Already received</Trans>, value: formatQuantity(line.seenReceived) },
                  ]
            }
          >
            {mode === 'send' ? (
              <TextField
                label={t`Quantity sent`}
                name={`sent-${line.transferLineId}`}
                value={typed[at]?.first ?? ''}
                inputMode="decimal"
                error={sendRead.errors[at] ?? null}
                onChange={(text) => {
                  edit(at, { first: text });
                }}
              />
            ) : (
              <>
                <TextField
                  label={t`Arrived now`}
                  name={`arrived-${line.transferLineId}`}
                  value={typed[at]?.first ?? ''}
                  inputMode="decimal"
                  error={receiveRead.receivedErrors[at] ?? null}
                  onChange={(text) => {
                    edit(at, { first: text });
                  }}
                />
                <TextField
                  label={t`Damaged`}
                  name={`damaged-${line.transferLineId}`}
                  value={typed[at]?.damaged ?? ''}
                  inputMode="decimal"
                  error={receiveRead.damagedErrors[at] ?? null}
                  onChange={(text) => {
                    edit(at, { damaged: text });
                  }}
                />
              </>
            )}
          </StockLine>
        ))}
      </div>
      {question ? (
        <StockQuestion
          ref={questionBox}
          label={t`Question`}
          text={question.text}
          yes={question.yes}
          no={t({ message: 'Change', context: 'go back and change what was typed' })}
          onYes={() => {
            const rest = asking.slice(1);
            if (rest.length > 0) setAsking(rest);
            else postReceipt();
          }}
          onNo={() => {
            setAsking(null);
          }}
        />
      ) : null}
      <div className="receive-stock__actions">
        <button
          type="button"
          className="button button--primary button--lg"
          disabled={posting || asking !== null}
          onClick={submit}
        >
          {mode === 'send' ? <Trans>Send</Trans> : <Trans>Receive transfer</Trans>}
        </button>
      </div>
    </div>
  );
}
