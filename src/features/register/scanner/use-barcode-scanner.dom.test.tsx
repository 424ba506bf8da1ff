// The scanner hook times keys by when they were pressed: a burst whose keys the page handles late (busy
// re-rendering after the first key) is still a scan.
import '@testing-library/jest-dom/vitest';
import { afterEach, expect, test, vi } from 'vitest';
import { cleanup, render } from '@testing-library/react';
import { useBarcodeScanner } from './use-barcode-scanner';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function Scanner({ onScan }: { onScan: (code: string) => void }) {
  useBarcodeScanner(onScan);
  return <input aria-label="Search products" />;
}

/** A key pressed at `pressedAt` that the page handles at `handledAt` (both in ms). */
function press(key: string, pressedAt: number, handledAt: number, clock: { now: number }) {
  clock.now = handledAt;
  const event = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true });
  Object.defineProperty(event, 'timeStamp', { value: pressedAt });
  document.body.dispatchEvent(event);
}

test('keys pressed 2 ms apart but handled 100 ms apart are one scan', () => {
  const clock = { now: 0 };
  vi.spyOn(performance, 'now').mockImplementation(() => clock.now);
  const onScan = vi.fn();
  render(<Scanner onScan={onScan} />);
  const code = '2000000000022';
  [...code.split(''), 'Enter'].forEach((key, index) => {
    press(key, 1000 + index * 2, 1000 + index * 100, clock);
  });
  expect(onScan).toHaveBeenCalledWith(code);
});

test('keys pressed 100 ms apart are a person, even when handled at once', () => {
  const clock = { now: 0 };
  vi.spyOn(performance, 'now').mockImplementation(() => clock.now);
  const onScan = vi.fn();
  render(<Scanner onScan={onScan} />);
  [...'2000000000022'.split(''), 'Enter'].forEach((key, index) => {
    press(key, 1000 + index * 100, 5000, clock);
  });
  expect(onScan).not.toHaveBeenCalled();
});
