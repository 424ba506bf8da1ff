import { describe, expect, test } from 'vitest';
import { SHORTCUTS, shortcutFor } from './shortcuts';

describe('register shortcuts', () => {
  test('function keys work wherever the focus is', () => {
    expect(shortcutFor({ key: 'F2', inTextField: true })).toBe('search');
    expect(shortcutFor({ key: 'F4', inTextField: false })).toBe('quantity');
    expect(shortcutFor({ key: 'F9', inTextField: true })).toBe('pay');
    expect(shortcutFor({ key: 'F12', inTextField: false })).toBe('newSale');
  });

  test('? opens the overlay, except in a text field where it is a character', () => {
    expect(shortcutFor({ key: '?', inTextField: false })).toBe('help');
    expect(shortcutFor({ key: '?', inTextField: true })).toBeUndefined();
  });

  test('ordinary keys and modified keys are not shortcuts', () => {
    expect(shortcutFor({ key: 'a', inTextField: false })).toBeUndefined();
    expect(shortcutFor({ key: 'F9', ctrlKey: true, inTextField: false })).toBeUndefined();
  });

  test('every action is listed once, so the overlay shows all that works', () => {
    const actions = SHORTCUTS.map((shortcut) => shortcut.action);
    expect(new Set(actions).size).toBe(actions.length);
  });
});
