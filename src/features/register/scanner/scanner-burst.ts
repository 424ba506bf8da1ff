// Telling a hardware barcode scanner from a person (issue 7). A USB or Bluetooth scanner "types" the code as
// a burst of keys far faster than anyone types, then presses Enter. This module only decides, key by key,
// what a keystroke is; the register's DOM hook acts on the answer (swallow, replay, add the product).
//
// The first key of a run cannot be told apart from a person's, so it is let through; every later key that
// follows within `maxGapMs` is held back. A run that ends in Enter with at least `minLength` characters is a
// scan; anything else (a pause, a short run, another key) releases the held characters to where they were
// going, so fast typing is delayed by a few milliseconds, never lost.

export interface BurstOptions {
  /** Fewest characters a scan has (EAN-8 is 8; short internal codes are 6). */
  minLength: number;
  /** Longest pause between two keys of one burst; people rarely keep up less than ~50 ms. */
  maxGapMs: number;
}

export const DEFAULT_BURST: BurstOptions = { minLength: 6, maxGapMs: 35 };

export type KeyVerdict =
  /** Let the key do what it would: the first key of a run, or a key that is not part of one. */
  | { kind: 'pass' }
  /** Swallow the key: it may be part of a scan. */
  | { kind: 'hold' }
  /** Not a scan after all: type `held` where it was going, then let this key (if any) pass. */
  | { kind: 'release'; held: string }
  /** A completed scan: swallow this Enter; `first` already landed wherever the focus was. */
  | { kind: 'scan'; code: string; first: string };

/** Keys that never break a burst: scanners press Shift for capitals. */
const MODIFIERS = new Set(['Shift', 'CapsLock']);

export class BurstDetector {
  readonly #options: BurstOptions;
  #chars: string[] = [];
  #lastAt = Number.NEGATIVE_INFINITY;

  constructor(options: BurstOptions = DEFAULT_BURST) {
    this.#options = options;
  }

  /** Whether keys are being held back, so the caller knows to call `expire` after `maxGapMs`. */
  get holding(): boolean {
    return this.#chars.length > 1;
  }

  /** `key` is KeyboardEvent.key; `at` a millisecond clock. */
  feed(key: string, at: number): KeyVerdict {
    if (MODIFIERS.has(key)) return { kind: 'pass' };
    const inBurst = this.#chars.length > 0 && at - this.#lastAt <= this.#options.maxGapMs;
    if (key.length === 1) {
      if (!inBurst) {
        const stale = this.#reset();
        this.#chars = [key];
        this.#lastAt = at;
        // A run that went stale without `expire` being called still gives its keys back.
        return stale === '' ? { kind: 'pass' } : { kind: 'release', held: stale };
      }
      this.#chars.push(key);
      this.#lastAt = at;
      return { kind: 'hold' };
    }
    if (key === 'Enter' && inBurst && this.#chars.length >= this.#options.minLength) {
      const [first = '', ...rest] = this.#chars;
      this.#chars = [];
      return { kind: 'scan', code: first + rest.join(''), first };
    }
    const held = this.#reset();
    return held === '' ? { kind: 'pass' } : { kind: 'release', held };
  }

  /** The pause after the last key is over: whatever was held was typed by a person. */
  expire(): string {
    return this.#reset();
  }

  /** Forgets the run and answers the held characters (all but the first, which went through). */
  #reset(): string {
    const held = this.#chars.slice(1).join('');
    this.#chars = [];
    this.#lastAt = Number.NEGATIVE_INFINITY;
    return held;
  }
}
