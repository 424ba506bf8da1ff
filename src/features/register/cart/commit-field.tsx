// A small labelled text input that commits its text on Enter or when it loses focus: the register's quantity,
// discount and note fields. It reads the DOM value at commit time (not React state), because the scanner
// hook may have just typed held-back keys into it in the same key press.
import { useId, useState, type KeyboardEvent } from 'react';

export interface CommitFieldProps {
  label: string;
  /** The committed value as text; the field shows it again whenever it changes. */
  value: string;
  /** Answers an error to show, or null when the text was taken. */
  onCommit: (text: string) => string | null;
  inputMode?: 'decimal' | 'text';
  placeholder?: string;
  className?: string;
  /** Keeps the label for screen readers only, where the line around the field already says what it is. */
  hideLabel?: boolean;
  /** Receives the input element, so a shortcut can focus it. */
  registerInput?: (element: HTMLInputElement | null) => void;
}

export function CommitField({
  label,
  value,
  onCommit,
  inputMode = 'text',
  placeholder,
  className,
  hideLabel = false,
  registerInput,
}: CommitFieldProps) {
  const id = useId();
  const [text, setText] = useState(value);
  const [error, setError] = useState<string | null>(null);
  // A new committed value (another edit, a restored cart) replaces what the field shows.
  const [shown, setShown] = useState(value);
  if (shown !== value) {
    setShown(value);
    setText(value);
  }

  const commit = (current: string) => {
    if (current === value) {
      setError(null);
      return;
    }
    const problem = onCommit(current);
    setError(problem);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') commit(event.currentTarget.value);
    if (event.key === 'Escape') {
      setText(value);
      setError(null);
    }
  };

  return (
    <div className={className ? `commit-field ${className}` : 'commit-field'}>
      <label htmlFor={id} className={hideLabel ? 'visually-hidden' : 'commit-field__label'}>
        {label}
      </label>
      <input
        id={id}
        ref={registerInput}
        className="field__input commit-field__input"
        value={text}
        inputMode={inputMode}
        placeholder={placeholder}
        aria-invalid={error !== null}
        aria-describedby={error !== null ? `${id}-error` : undefined}
        onChange={(event) => {
          setText(event.target.value);
        }}
        onKeyDown={onKeyDown}
        onBlur={(event) => {
          commit(event.currentTarget.value);
        }}
      />
      {error !== null ? (
        <p id={`${id}-error`} className="field__error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
