// A labelled text input with its hint and error, so every form field is announced the same way.
import { FieldError, Input, Label, Text, TextArea, TextField as AriaTextField } from 'react-aria-components';

export interface TextFieldProps {
  label: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  type?: 'text' | 'email' | 'password';
  autoComplete?: string;
  description?: string;
  /** An error shown under the field and announced; marks the field invalid. */
  error?: string | null;
  isRequired?: boolean;
  autoFocus?: boolean;
  inputMode?: 'text' | 'numeric' | 'decimal' | 'email';
  maxLength?: number;
  placeholder?: string;
  /** Several lines (an address, a receipt's footer): a text area. */
  multiline?: boolean;
}

export function TextField({
  label,
  error,
  description,
  type = 'text',
  isRequired = false,
  autoFocus = false,
  multiline = false,
  ...props
}: TextFieldProps) {
  const invalid = error !== undefined && error !== null && error !== '';
  return (
    <AriaTextField
      className="field"
      name={props.name}
      value={props.value}
      onChange={props.onChange}
      type={type}
      isRequired={isRequired}
      isInvalid={invalid}
      autoFocus={autoFocus}
      {...(props.autoComplete ? { autoComplete: props.autoComplete } : {})}
      {...(props.inputMode ? { inputMode: props.inputMode } : {})}
      {...(props.maxLength ? { maxLength: props.maxLength } : {})}
      validationBehavior="aria"
    >
      <Label className="field__label">{label}</Label>
      {multiline ? (
        <TextArea
          className="field__input"
          rows={3}
          {...(props.placeholder ? { placeholder: props.placeholder } : {})}
        />
      ) : (
        <Input className="field__input" {...(props.placeholder ? { placeholder: props.placeholder } : {})} />
      )}
      {description && !invalid ? (
        <Text slot="description" className="field__hint">
          {description}
        </Text>
      ) : null}
      <FieldError className="field__error">{error}</FieldError>
    </AriaTextField>
  );
}
