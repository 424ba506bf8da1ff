// Wraps a test's own wrapper (if any) in Lingui's provider, as the app's Providers do.
import type { JSXElementConstructor, ReactNode } from 'react';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';

type Wrapper = JSXElementConstructor<{ children: ReactNode }>;

export function withI18n(Inner: Wrapper | undefined): Wrapper {
  return function I18nWrapper({ children }: { children: ReactNode }) {
    return <I18nProvider i18n={i18n}>{Inner ? <Inner>{children}</Inner> : children}</I18nProvider>;
  };
}
