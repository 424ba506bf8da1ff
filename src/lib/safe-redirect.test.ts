import { describe, expect, test } from 'vitest';
import { isSameOriginPath, safeRedirect } from './safe-redirect';

describe('safeRedirect', () => {
  test.each([
    ['/dashboard', '/dashboard'],
    ['/dashboard/sales?x=1#y', '/dashboard/sales?x=1#y'],
    ['/', '/'],
    ['/a//b', '/a//b'],
  ])('keeps the same-origin path %s', (input, expected) => {
    expect(safeRedirect(input)).toBe(expected);
  });

  test.each([
    ['//evil.example', 'protocol-relative URL'],
    ['//evil.example/dashboard', 'protocol-relative URL with a path'],
    ['https://evil.example', 'absolute URL'],
    ['http://localhost:4173/dashboard', 'absolute URL on this host'],
    ['/\\evil', 'backslash host (browsers read /\\ as //)'],
    ['/\\/evil.example', 'backslash then slash'],
    ['javascript:alert(1)', 'javascript: URL'],
    ['dashboard', 'relative path'],
    ['', 'empty string'],
    ['/\t/evil.example', 'tab stripped by URL parsers'],
    ['/\n/evil.example', 'newline stripped by URL parsers'],
    [' /dashboard', 'leading space'],
  ])('refuses %s (%s) and falls back to /dashboard', (input) => {
    expect(isSameOriginPath(input)).toBe(false);
    expect(safeRedirect(input)).toBe('/dashboard');
  });

  test.each([undefined, null, 42, ['/dashboard'], { to: '/x' }])('refuses a non-string %j', (input) => {
    expect(safeRedirect(input)).toBe('/dashboard');
  });
});
