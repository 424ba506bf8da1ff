import { describe, expect, test, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import type { Live } from './use-live-query';
import { readyValue, useLive } from './use-live-query';

/** A hand-driven stream: the test says when an answer or a failure arrives. */
function stream<T>() {
  const observers = new Set<{ next: (value: T) => void; error: (error: unknown) => void }>();
  const live: Live<T> = {
    subscribe(observer) {
      observers.add(observer);
      return { unsubscribe: () => observers.delete(observer) };
    },
  };
  return {
    open: () => live,
    next: (value: T) => {
      for (const observer of observers) observer.next(value);
    },
    fail: (error: unknown) => {
      for (const observer of observers) observer.error(error);
    },
    subscribers: () => observers.size,
  };
}

describe('useLive', () => {
  test('loading until the first answer, then the latest answer, then failed when the read fails', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const rows = stream<string[]>();
    const { result } = renderHook(() => useLive(rows.open));
    expect(result.current).toEqual({ kind: 'loading' });
    act(() => {
      rows.next(['a']);
    });
    expect(result.current).toEqual({ kind: 'ready', value: ['a'] });
    expect(readyValue(result.current)).toEqual(['a']);
    act(() => {
      rows.next(['a', 'b']);
    });
    expect(readyValue(result.current)).toEqual(['a', 'b']);
    const broken = new Error('IndexedDB went away');
    act(() => {
      rows.fail(broken);
    });
    expect(result.current).toEqual({ kind: 'failed', error: broken });
    expect(readyValue(result.current)).toBeUndefined();
  });

  test('a new read shows loading, never the rows of the last one, and the old one is unsubscribed', () => {
    const first = stream<string>();
    const second = stream<string>();
    const { result, rerender } = renderHook(({ open }) => useLive(open), {
      initialProps: { open: first.open },
    });
    act(() => {
      first.next('first');
    });
    rerender({ open: second.open });
    expect(result.current).toEqual({ kind: 'loading' });
    expect(first.subscribers()).toBe(0);
    act(() => {
      second.next('second');
    });
    expect(readyValue(result.current)).toBe('second');
  });
});
