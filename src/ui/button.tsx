// Buttons with the app's look, built on React Aria so keyboard, touch and screen readers behave.
import { Button as AriaButton, type ButtonProps as AriaButtonProps } from 'react-aria-components';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';

export interface ButtonProps extends AriaButtonProps {
  variant?: ButtonVariant;
  size?: 'md' | 'lg';
  wide?: boolean;
}

export function buttonClass(variant: ButtonVariant = 'primary', size: 'md' | 'lg' = 'md', wide = false) {
  return ['button', `button--${variant}`, size === 'lg' ? 'button--lg' : '', wide ? 'button--wide' : '']
    .filter(Boolean)
    .join(' ');
}

export function Button({ variant = 'primary', size = 'md', wide = false, className, ...props }: ButtonProps) {
  const base = buttonClass(variant, size, wide);
  return <AriaButton {...props} className={typeof className === 'string' ? `${base} ${className}` : base} />;
}
