import { describe, expect, test } from 'vitest';
import { qrImageSource } from './qr-image';

const svg = '<svg xmlns="http://www.w3.org/2000/svg"><rect fill="#fff"/></svg>';

describe('qrImageSource', () => {
  test("re-encodes auth-js's unescaped SVG data URL so a '#' cannot cut it short", () => {
    const url = qrImageSource(`data:image/svg+xml;utf-8,${svg}`);
    expect(url).not.toContain('#');
    expect(decodeURIComponent(url.replace('data:image/svg+xml;charset=utf-8,', ''))).toBe(svg);
  });

  test('encodes raw SVG markup', () => {
    expect(qrImageSource(svg)).toBe(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`);
  });

  test('does not double-encode', () => {
    const once = qrImageSource(svg);
    expect(qrImageSource(`data:image/svg+xml;utf-8,${encodeURIComponent(svg)}`)).toBe(once);
  });

  test('leaves other URLs alone', () => {
    expect(qrImageSource('data:image/png;base64,AAAA')).toBe('data:image/png;base64,AAAA');
  });
});
