// 'From' and 'To' for a report's range of days, as the range report and Insights ask for them.
import type { Dispatch, SetStateAction } from 'react';
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
  return (
    <>
      <DayField
        label="From"
        value={draft.from}
        onChange={(from) => {
          setDraft((value) => ({ ...value, from }));
        }}
      />
      <DayField
        label="To"
        value={draft.to}
        onChange={(to) => {
          setDraft((value) => ({ ...value, to }));
        }}
      />
    </>
  );
}
