// jsdom lays nothing out, so a virtualised list (TanStack Virtual reads its scroll element's clientHeight and
// clientWidth) would render no rows. These give every element a screenful of size instead.
import { afterAll, beforeAll } from 'vitest';

/** Every element measures `height` × `width`; answers a function that puts the real getters back. */
export function fakeLayout(height: number, width: number): () => void {
  const saved = ['clientHeight', 'clientWidth'].map(
    (name) => [name, Object.getOwnPropertyDescriptor(Element.prototype, name)] as const,
  );
  Object.defineProperty(Element.prototype, 'clientHeight', { configurable: true, get: () => height });
  Object.defineProperty(Element.prototype, 'clientWidth', { configurable: true, get: () => width });
  return () => {
    for (const [name, descriptor] of saved) {
      if (descriptor) Object.defineProperty(Element.prototype, name, descriptor);
    }
  };
}

/** For a whole test file: the fake layout from before its first test to after its last. */
export function withFakeLayout(height: number, width: number): void {
  let restore: () => void = () => undefined;
  beforeAll(() => {
    restore = fakeLayout(height, width);
  });
  afterAll(() => {
    restore();
  });
}
