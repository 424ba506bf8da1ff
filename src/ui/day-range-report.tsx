// A report over a range of the shop's days: 'From' and 'To' (DayField), 'Show report', the problem in words
// (a missing day, an end before the start, or what the server said) and the rows last shown with the days
// they cover (for the CSV's file name). The reports' server functions take days (`date`) and read them in the
// shop's time zone themselves ([REP-1]), so the read gets the days as typed, never instants.
import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type ReactNode, type SyntheticEvent } from 'react';
import { addDays, dayIn } from '../lib/calendar';
import { Alert } from './alert';
import { Button } from './button';
import { DayField } from './day-field';
import { dayRange } from './day-range';

/** The read's answer, shaped as domain/result.ts's Result (ui does not import the domain). */
type Answer<Row> = { ok: true; value: Row[] } | { ok: false; error: { message: string } };

export interface ShownReport<Row> {
  from: string;
  to: string;
  rows: Row[];
}

export interface DayRangeReport<Row> {
  from: string;
  to: string;
  setFrom: (day: string) => void;
  setTo: (day: string) => void;
  busy: boolean;
  problem: string | null;
  shown: ShownReport<Row> | null;
  submit: (event: SyntheticEvent) => Promise<void>;
}

/** The range's state; `read` is called with the days as typed, at the latest render's filters. */
export function useDayRangeReport<Row>(
  timeZone: string,
  read: (from: string, to: string) => Promise<Answer<Row>>,
  daysBack = 30,
): DayRangeReport<Row> {
  const today = dayIn(timeZone);
  const [from, setFrom] = useState(addDays(today, -daysBack));
  const [to, setTo] = useState(today);
  const [shown, setShown] = useState<ShownReport<Row> | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: SyntheticEvent) => {
    event.preventDefault();
    const range = dayRange(from, to, timeZone);
    if (range.problem !== undefined) {
      setProblem(range.problem);
      return;
    }
    setProblem(null);
    setBusy(true);
    const answer = await read(from, to);
    setBusy(false);
    if (!answer.ok) {
      setProblem(answer.error.message);
      return;
    }
    setShown({ from, to, rows: answer.value });
  };
  return { from, to, setFrom, setTo, busy, problem, shown, submit };
}

/** The range's form: 'From', 'To', any filters the report adds (children), 'Show report', then the problem. */
export function DayRangeForm<Row>({
  report,
  children,
}: {
  report: DayRangeReport<Row>;
  children?: ReactNode;
}) {
  const { t } = useLingui();
  return (
    <>
      <form
        className="day-range-form"
        noValidate
        onSubmit={(event) => {
          void report.submit(event);
        }}
      >
        <DayField label={t`From`} value={report.from} onChange={report.setFrom} />
        <DayField label={t`To`} value={report.to} onChange={report.setTo} />
        {children}
        <Button type="submit" isDisabled={report.busy}>
          <Trans>Show report</Trans>
        </Button>
      </form>
      {report.problem ? <Alert>{report.problem}</Alert> : null}
    </>
  );
}
