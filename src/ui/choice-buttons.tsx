// A row of buttons that picks one of a few views (a page's tabs, a list's filters): a labelled group, the
// chosen one primary and pressed (aria-pressed), so a screen reader says which is shown.
import { Button } from './button';

export function ChoiceButtons<Value extends string>({
  label,
  className,
  choices,
  value,
  onChange,
}: {
  label: string;
  className: string;
  choices: readonly { value: Value; label: string }[];
  value: Value;
  onChange: (value: Value) => void;
}) {
  return (
    <div className={className} role="group" aria-label={label}>
      {choices.map((choice) => (
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
