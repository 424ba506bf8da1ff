// The answer of a parser or a validator: a value, or an error a person can read. Errors at the counter are
// expected (a typo, a short tender), so they are values to show, not exceptions to catch.

export type Result<T, Code extends string = string> =
  { ok: true; value: T } | { ok: false; error: { code: Code; message: string } };

export function ok<T>(value: T): { ok: true; value: T } {
  return { ok: true, value };
}

export function err<Code extends string>(
  code: Code,
  message: string,
): { ok: false; error: { code: Code; message: string } } {
  return { ok: false, error: { code, message } };
}
