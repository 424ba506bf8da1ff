import { describe, expect, test } from 'vitest';
import { pseudoLocalize } from './pseudo-localize';

describe('pseudoLocalize', () => {
  test('accents the letters, pads by at least 40 % and wraps the message in markers', () => {
    const out = pseudoLocalize('Total');
    expect(out).toMatch(/^⟦Ţóţàĺ[· ]+⟧$/);
    expect(out.length - 2).toBeGreaterThanOrEqual(Math.ceil('Total'.length * 1.4));
    // Long messages pad with short words that wrap, never one unbreakable run.
    const long = pseudoLocalize('Every sale is saved on the device first, in the same moment it is made.');
    expect(long).toMatch(/(·{5} ){2,}/);
    expect(long).not.toMatch(/·{6}/);
  });

  test('keeps arguments, plurals and their # exactly, and accents the branches', () => {
    const out = pseudoLocalize('{count, plural, one {# sale for {name}} other {# sales}}');
    expect(out).toMatch(/^⟦\{count, plural, one \{# šàĺé ƒóŕ \{name\}\} other \{# šàĺéš\}\}[· ]+⟧$/);
  });

  test('keeps a select’s keys and Lingui’s numbered tags', () => {
    expect(pseudoLocalize('<0>Pay</0> {kind, select, cash {Cash} other {Card}}')).toMatch(
      /^⟦<0>Ƥàý<\/0> \{kind, select, cash \{Çàšĥ\} other \{Çàŕđ\}\}[· ]+⟧$/,
    );
  });

  test('a # outside a plural is text like any other', () => {
    expect(pseudoLocalize('Till #2')).toMatch(/^⟦Ţíĺĺ #2[· ]+⟧$/);
  });
});
