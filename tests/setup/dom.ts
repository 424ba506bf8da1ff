// jsdom has no IndexedDB; fake-indexeddb gives Dexie a real (in-memory) implementation.
import 'fake-indexeddb/auto';

// jsdom has no CSS.escape; React Aria's modal calls it when it reads a meta tag on opening. The browser has
// it, so this only fills jsdom's gap (the serialisation of the CSSOM spec, enough for meta names).
if (typeof globalThis.CSS === 'undefined') {
  Object.defineProperty(globalThis, 'CSS', {
    value: { escape: (value: string) => value.replace(/[^\w-]/g, (char) => `\\${char}`) },
  });
}
