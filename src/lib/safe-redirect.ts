// Where to go after signing in. A `redirect` value comes from the URL, so anyone can craft it; only a path on
// this origin is followed (one leading '/', never '//' or '/\', which browsers treat as another host).

export const DEFAULT_AFTER_SIGN_IN = '/dashboard';

export function isSameOriginPath(value: unknown): value is string {
  if (typeof value !== 'string' || !value.startsWith('/')) return false;
  const second = value.charAt(1);
  if (second === '/' || second === '\\') return false;
  // Control characters (tabs, newlines) are stripped by URL parsers and could turn '/\t/evil' into '//evil'.
  // eslint-disable-next-line no-control-regex
  return !/[\u0000-\u001f\u007f]/.test(value);
}

/** The redirect target when it is safe, else the dashboard. */
export function safeRedirect(value: unknown): string {
  return isSameOriginPath(value) ? value : DEFAULT_AFTER_SIGN_IN;
}
