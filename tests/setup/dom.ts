import type { ReactNode } from 'react';
import { vi } from 'vitest';
import { configure } from '@testing-library/dom';
import type * as TestingLibraryModule from '@testing-library/react';
import type { RenderOptions } from '@testing-library/react';

type TestingLibrary = typeof TestingLibraryModule;

// jsdom has no IndexedDB; fake-indexeddb gives Dexie a real (in-memory) implementation.
import 'fake-indexeddb/auto';

// jsdom has no CSS.escape; React Aria's modal calls it when it reads a meta tag on opening. The browser has
// it, so this only fills jsdom's gap (the serialisation of the CSSOM spec, enough for meta names).
if (typeof globalThis.CSS === 'undefined') {
  Object.defineProperty(globalThis, 'CSS', {
    value: { escape: (value: string) => value.replace(/[^\w-]/g, (char) => `\\${char}`) },
  });
}

// Screens read their words through Lingui's context, which the app provides above the router
// (src/app/providers.tsx). A test renders a screen on its own, so every render gets the provider too.
vi.mock('@testing-library/react', async (importOriginal) => {
  const library: TestingLibrary = await importOriginal();
  const { withI18n } = await import('./i18n-wrapper');
  // Cast: the library's render is overloaded (queries, containers); this one passes every option through.
  const render = ((ui: ReactNode, options?: RenderOptions) =>
    library.render(ui, { ...options, wrapper: withI18n(options?.wrapper) })) as TestingLibrary['render'];
  const renderHook: TestingLibrary['renderHook'] = (hook, options) =>
    library.renderHook(hook, { ...options, wrapper: withI18n(options?.wrapper) });
  return { ...library, render, renderHook };
});

// A screen test renders the whole app and its routes load lazily, by dynamic import() of their modules. On a
// 2-core machine running every test project at once that import alone can pass Testing Library's default 1 s
// wait for findBy* (an Activity route test failed so under a full run, and passed alone in 0.5 s).
configure({ asyncUtilTimeout: 5_000 });
