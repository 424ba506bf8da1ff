// The lines of a back-office document (a purchase order, a transfer): a table of one product a row, its
// figures in columns, that a phone shows as a card a line (each cell carries its column's name). A draft's
// lines are typed in place and can be removed; past the draft, its figures read as text.
import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Button } from './button';
import './document.css';

export function DocumentLinesTable({
  headers,
  removable,
  children,
  foot,
}: {
  /** The columns' names, the product's first. */
  headers: readonly string[];
  /** A draft: a last column holds each line's 'Remove'. */
  removable: boolean;
  /** The rows (`<tr>`), each cell with `data-label` its column's name. */
  children: ReactNode;
  /** A `<tr>` of totals under the lines. */
  foot?: ReactNode;
}) {
  const { t } = useLingui();
  return (
    <div className="document-lines-scroll">
      <table className="document-lines" aria-label={t`Lines`}>
        <thead>
          <tr>
            {headers.map((header) => (
              <th scope="col" key={header}>
                {header}
              </th>
            ))}
            {removable ? (
              <th scope="col">
                <span className="visually-hidden">{t`Remove`}</span>
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody>{children}</tbody>
        {foot ? <tfoot>{foot}</tfoot> : null}
      </table>
    </div>
  );
}

/** The cell that removes a draft's line. */
export function RemoveLineCell({ name, onRemove }: { name: string; onRemove: () => void }) {
  const { t } = useLingui();
  return (
    <td>
      <Button variant="ghost" aria-label={t`Remove ${name}`} onPress={onRemove}>
        ×
      </Button>
    </td>
  );
}

/** A figure of a line typed in place (a quantity, a unit cost), with its problem in words; as text when read. */
export function LineFigureInput({
  label,
  value,
  problem,
  readOnly,
  onChange,
}: {
  label: string;
  value: string;
  problem: string | undefined;
  /** A document past its draft is read, not edited: its figures as text. */
  readOnly: boolean;
  onChange: (value: string) => void;
}) {
  if (readOnly) return <span className="document__figure">{value}</span>;
  return (
    <label className="document__cell">
      <span className="visually-hidden">{label}</span>
      <input
        className="field__input document__input"
        inputMode="decimal"
        value={value}
        aria-invalid={problem ? true : undefined}
        aria-description={problem}
        onChange={(event) => {
          onChange(event.target.value);
        }}
      />
      {problem ? (
        <span className="field__error" role="alert">
          {problem}
        </span>
      ) : null}
    </label>
  );
}
