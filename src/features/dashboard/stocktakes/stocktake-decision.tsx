// An open stocktake's two endings: 'Approve stocktake' ([PUR-34]) with what the products nobody counted mean
// ('Count them as zero' or 'Leave them alone'), asked again while some tills have not synced since it
// opened; and 'Cancel stocktake' ([PUR-35]) with its reason. Both queue an op; the page then says so.
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { approveStocktake } from '../../../data/ops/stocktake-approve';
import { cancelStocktake } from '../../../data/ops/stocktake-cancel';
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { TextField } from '../../../ui/text-field';
import type { StocktakeReview, StocktakesDeps } from './stocktakes-deps';

type Uncounted = 'leave' | 'zero';

export function StocktakeDecision({
  deps,
  review,
  excludeProductIds,
  onQueued,
}: {
  deps: StocktakesDeps;
  review: StocktakeReview;
  excludeProductIds: readonly string[];
  onQueued: () => void;
}) {
  const { t } = useLingui();
  const [uncounted, setUncounted] = useState<Uncounted>('leave');
  const [confirming, setConfirming] = useState(false);
  const [cancelling, setCancelling] = useState(false);
  const [reason, setReason] = useState('');
  const [reasonProblem, setReasonProblem] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const unsynced = review.unsyncedTills.length > 0;

  const approve = async () => {
    setBusy(true);
    const queued = await approveStocktake(deps.commandDeps, {
      companyId: deps.companyId,
      stocktakeId: review.id,
      uncounted,
      excludeProductIds,
    });
    setBusy(false);
    setConfirming(false);
    if (!queued.ok) {
      setProblem(queued.error.message);
      return;
    }
    setProblem(null);
    setDone(t`Approval sent: the stock moves as soon as it reaches the server.`);
    onQueued();
  };

  const cancel = async () => {
    if (!reason.trim()) {
      setReasonProblem(t`Say why the stocktake is cancelled.`);
      return;
    }
    setReasonProblem(null);
    setBusy(true);
    const queued = await cancelStocktake(deps.commandDeps, {
      companyId: deps.companyId,
      stocktakeId: review.id,
      reason,
    });
    setBusy(false);
    if (!queued.ok) {
      setProblem(queued.error.message);
      return;
    }
    setProblem(null);
    setCancelling(false);
    setDone(t`Cancellation sent: no stock moves.`);
    onQueued();
  };

  if (done) return <Alert tone="success">{done}</Alert>;
  return (
    <section className="stocktake__decision card" aria-label={t`Approve stocktake`}>
      {review.notCounted.length > 0 ? (
        <fieldset className="stocktakes__scope">
          <legend className="field__label">
            <Trans>Products nobody counted</Trans>
          </legend>
          {(
            [
              ['leave', t`Leave them alone`],
              ['zero', t`Count them as zero`],
            ] as const
          ).map(([value, label]) => (
            <label key={value} className="stocktakes__choice">
              <input
                type="radio"
                name="uncounted"
                value={value}
                checked={uncounted === value}
                onChange={() => {
                  setUncounted(value);
                }}
              />
              {label}
            </label>
          ))}
        </fieldset>
      ) : null}
      {problem ? <Alert>{problem}</Alert> : null}
      {confirming ? (
        <Alert tone="warning" title={t`Approve before every till has synced?`}>
          <Trans>Counts still on those tills will arrive late and will not change this stocktake.</Trans>
          <div className="stocktakes__actions">
            <Button
              isDisabled={busy}
              onPress={() => {
                void approve();
              }}
            >
              <Trans>Approve anyway</Trans>
            </Button>
            <Button
              variant="secondary"
              onPress={() => {
                setConfirming(false);
              }}
            >
              <Trans>Not yet</Trans>
            </Button>
          </div>
        </Alert>
      ) : null}
      {cancelling ? (
        <div className="stocktake__cancel">
          <TextField
            label={t`Why cancel it?`}
            name="reason"
            value={reason}
            onChange={setReason}
            error={reasonProblem}
          />
          <div className="stocktakes__actions">
            <Button
              variant="danger"
              isDisabled={busy}
              onPress={() => {
                void cancel();
              }}
            >
              <Trans>Cancel stocktake</Trans>
            </Button>
            <Button
              variant="secondary"
              onPress={() => {
                setCancelling(false);
              }}
            >
              <Trans>Keep it open</Trans>
            </Button>
          </div>
        </div>
      ) : null}
      {!confirming && !cancelling ? (
        <div className="stocktakes__actions">
          <Button
            isDisabled={busy}
            onPress={() => {
              if (unsynced) setConfirming(true);
              else void approve();
            }}
          >
            <Trans>Approve stocktake</Trans>
          </Button>
          <Button
            variant="secondary"
            onPress={() => {
              setCancelling(true);
            }}
          >
            <Trans>Cancel stocktake</Trans>
          </Button>
        </div>
      ) : null}
    </section>
  );
}
