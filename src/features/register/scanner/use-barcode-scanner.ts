// Hardware scanner input wherever the focus is (issue 7, pos-anchors #12): a document-level keydown listener
// in the capture phase feeds every key to the pure BurstDetector. Keys that may belong to a scan are
// swallowed before any field sees them; a completed scan takes back the one character that got through and
// hands the code to `onScan`; keys that turn out to be a person's are typed into the field they were meant for.
import { useEffect, useRef } from 'react';
import { BurstDetector, DEFAULT_BURST, type BurstOptions } from './scanner-burst';

type TextInput = HTMLInputElement | HTMLTextAreaElement;

function textInput(target: EventTarget | null): TextInput | null {
  if (target instanceof HTMLTextAreaElement) return target.readOnly ? null : target;
  if (target instanceof HTMLInputElement && !target.readOnly && !target.disabled) return target;
  return null;
}

/** Sets a field's value the way typing would, so React's onChange (and React Aria's) hear about it. */
function setValue(field: TextInput, value: string, caret: number): void {
  const prototype = field instanceof HTMLTextAreaElement ? HTMLTextAreaElement : HTMLInputElement;
  Object.getOwnPropertyDescriptor(prototype.prototype, 'value')?.set?.call(field, value);
  try {
    field.setSelectionRange(caret, caret);
  } catch {
    // Some input types (number, email) have no selection; the caret stays where the browser puts it.
  }
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

function caretOf(field: TextInput): [number, number] {
  const end = field.value.length;
  return [field.selectionStart ?? end, field.selectionEnd ?? end];
}

function typeInto(target: EventTarget | null, text: string): void {
  const field = textInput(target);
  if (!field || text === '') return;
  const [start, end] = caretOf(field);
  setValue(field, field.value.slice(0, start) + text + field.value.slice(end), start + text.length);
}

function untype(target: EventTarget | null, char: string): void {
  const field = textInput(target);
  if (!field) return;
  const [start] = caretOf(field);
  if (start > 0 && field.value.charAt(start - 1) === char) {
    setValue(field, field.value.slice(0, start - 1) + field.value.slice(start), start - 1);
  }
}

const performanceNow = () => performance.now();

/** `options` and `now` should be stable (module constants or from deps): a new one restarts the listener. */
export function useBarcodeScanner(
  onScan: (code: string) => void,
  options: BurstOptions = DEFAULT_BURST,
  now: () => number = performanceNow,
): void {
  const latest = useRef(onScan);
  useEffect(() => {
    latest.current = onScan;
  }, [onScan]);

  useEffect(() => {
    const detector = new BurstDetector(options);
    let target: EventTarget | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;

    const swallow = (event: KeyboardEvent) => {
      event.preventDefault();
      event.stopPropagation();
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.metaKey || event.altKey || event.isComposing) return;
      clearTimeout(timer);
      // Focus moved (a click into another field): whatever was held belongs to the field it was typed in.
      if (event.target !== target) typeInto(target, detector.expire());
      // With the default clock, a key counts from when it was pressed (the event's time), not from when the
      // page got to it: a scanner's keys that queued up while the page re-rendered after the first one
      // (the search field searching) are still one burst.
      const verdict = detector.feed(event.key, now === performanceNow ? event.timeStamp : now());
      if (verdict.kind === 'release') typeInto(target, verdict.held);
      if (verdict.kind === 'scan') {
        swallow(event);
        untype(target, verdict.first);
        latest.current(verdict.code);
        return;
      }
      if (verdict.kind === 'hold') swallow(event);
      else if (event.key.length === 1) target = event.target;
      if (detector.holding) {
        timer = setTimeout(() => {
          typeInto(target, detector.expire());
        }, options.maxGapMs + 5);
      }
    };
    document.addEventListener('keydown', onKeyDown, { capture: true });
    return () => {
      clearTimeout(timer);
      document.removeEventListener('keydown', onKeyDown, { capture: true });
    };
  }, [options, now]);
}
