// The pieces a stock document is filled in with, at the till ('Receive stock', 'Send transfer', 'Count
// stock') and in the back office ('Receive'): one card per line and the question asked before posting. Plain
// buttons, so the register's dialogs stay light.
import type { ReactNode, Ref } from 'react';
import { buttonClass } from './button';
import './stock-line.css';

export interface StockFigure {
  label: ReactNode;
  value: string;
}

export interface StockLineProps {
  name: ReactNode;
  figures: readonly StockFigure[];
  /** The fields a person fills in. */
  children: ReactNode;
  /** A sentence under the fields (the cost after a receipt), or nothing. */
  after?: ReactNode;
}

/** A fieldset named after the product, so each field is found by its product; figures, then the fields. */
export function StockLine({ name, figures, children, after }: StockLineProps) {
  return (
    <fieldset className="stock-line">
      <legend className="stock-line__name">{name}</legend>
      <dl className="stock-line__figures">
        {figures.map((figure, at) => (
          <div key={at}>
            <dt>{figure.label}</dt>
            <dd>{figure.value}</dd>
          </div>
        ))}
      </dl>
      <div className="stock-line__fields">{children}</div>
      {after ? <p className="stock-line__after">{after}</p> : null}
    </fieldset>
  );
}

export interface StockQuestionProps {
  label: string;
  text: string;
  yes: string;
  no: string;
  onYes: () => void;
  onNo: () => void;
  ref?: Ref<HTMLDivElement>;
}

/** A question before posting (over-receipt, a cost far from the order's), answered yes or 'no, go back'. */
export function StockQuestion({ label, text, yes, no, onYes, onNo, ref }: StockQuestionProps) {
  return (
    <div className="stock-question" role="group" aria-label={label} ref={ref}>
      <p role="alert">{text}</p>
      <div className="stock-question__answers">
        <button type="button" className={buttonClass('primary')} onClick={onYes}>
          {yes}
        </button>
        <button type="button" className={buttonClass('secondary')} onClick={onNo}>
          {no}
        </button>
      </div>
    </div>
  );
}
