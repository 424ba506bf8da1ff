// 'From' and 'To' for a report's range of days, as the range report and Insights ask for them, and the form
// that shows a range once it makes sense.
import type { Dispatch, SetStateAction } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button } from '../../ui/button';
import { DayField } from '../../ui/day-field';

export interface DayRange {
  from: string;
  to: string;
}

export function DayRangeFields({
  draft,
  setDraft,
}: {
  draft: DayRange;
  setDraft: Dispatch<SetStateAction<DayRange>>;
}) {
  const { t } = useLingui();
  return (
    <>
      <DayField
        label={t`From`}
        value={draft.from}
        onChange={(from) => {
          setDraft((value) => ({ ...value, from }));
        }}
      />
      <DayField
        label={t`To`}
        value={draft.to}
        onChange={(to) => {
          setDraft((value) => ({ ...value, to }));
        }}
      />
    </>
  );
}

/** The two days and 'Show': a range with a `problem` (worded by the caller) is not shown. */
export function DayRangeForm({
  className,
  draft,
  setDraft,
  problem,
  onShow,
}: {
  className: string;
  draft: DayRange;
  setDraft: Dispatch<SetStateAction<DayRange>>;
  problem: string | null;
  onShow: (range: DayRange) => void;
}) {
  return (
    <form
      className={className}
      onSubmit={(event) => {
        event.preventDefault();
        if (problem === null) onShow(draft);
      }}
      noValidate
    >
      <DayRangeFields draft={draft} setDraft={setDraft} />
      <Button type="submit" isDisabled={problem !== null}>
        <Trans>Show</Trans>
      </Button>
    </form>
  );
}
