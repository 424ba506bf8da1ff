// Reading a printer's real-time status (issue 19): the answers of an ESC/POS and a Star printer, byte by
// byte as they arrive, and what is not an answer at all.
import { describe, expect, test } from 'vitest';
import { readStatus, statusAnswer, type PrinterHealth } from './printer-status';

const HEALTHS: readonly PrinterHealth[] = ['ready', 'paper_out', 'cover_open', 'offline'];

describe('readStatus', () => {
  test.each(HEALTHS)('ESC/POS and Star printers that are %s are read as such', (health) => {
    expect(readStatus('esc-pos', statusAnswer('esc-pos', health))).toBe(health);
    expect(readStatus('star-prnt', statusAnswer('star-prnt', health))).toBe(health);
    expect(readStatus('star-line', statusAnswer('star-line', health))).toBe(health);
  });

  test('ESC/POS: DLE EOT bytes as Epson documents them; a half answer or stray bytes are not read', () => {
    // Printer status 0x16 (offline bit 3 clear: 0x12), offline cause 0x32: paper end stopped printing.
    expect(readStatus('esc-pos', new Uint8Array([0x12, 0x32]))).toBe('paper_out');
    expect(readStatus('esc-pos', new Uint8Array([0x1a, 0x16]))).toBe('cover_open');
    expect(readStatus('esc-pos', new Uint8Array([0x12]))).toBeNull();
    expect(readStatus('esc-pos', new Uint8Array([0x41, 0x42]))).toBeNull();
  });

  test('Star: the ASB is read only once its length is in', () => {
    const whole = statusAnswer('star-prnt', 'paper_out');
    expect(readStatus('star-prnt', whole.subarray(0, 6))).toBeNull();
    expect(readStatus('star-prnt', whole)).toBe('paper_out');
  });
});
