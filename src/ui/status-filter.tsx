// A row of toggle buttons that chooses what a back-office list shows (a filter by status, or a tab): the
// chosen one is pressed and primary.
import { useLingui } from '@lingui/react/macro';
import { Button } from './button';
import './document.css';

export function StatusFilter<Value extends string>({
  label,
  value,
  options,
  onChange,
}: {
  /** The group's name for a screen reader: "Show" unless a page has two of them. */
  label?: string;
  value: Value;
  options: readonly { value: Value; label: string }[];
  onChange: (value: Value) => void;
}) {
  const { t } = useLingui();
  return (
    <div className="status-filter" role="group" aria-label={label ?? t`Show`}>
      {options.map((choice) => (
        <Button
          key={choice.value}
          variant={value === choice.value ? 'primary' : 'secondary'}
          aria-pressed={value === choice.value}
          onPress={() => {
            onChange(choice.value);
          }}
        >
          {choice.label}
        </Button>
      ))}
    </div>
  );
}
