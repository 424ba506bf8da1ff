// 'From' and 'To' for a report's range of days, as the range report and Insights ask for them.
import type { Dispatch, SetStateAction } from 'react';
import { useLingui } from '@lingui/react/macro';
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
