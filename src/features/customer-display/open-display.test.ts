import { describe, expect, test } from 'vitest';
import { secondScreen, windowFeatures } from './open-display';

describe('opening the display', () => {
  test('on the second screen when the browser can tell, in a plain window otherwise', async () => {
    const screens = [
      { isPrimary: true, availLeft: 0, availTop: 0, availWidth: 1920, availHeight: 1040 },
      { isPrimary: false, availLeft: 1920, availTop: 0, availWidth: 1024, availHeight: 600 },
    ];
    const withScreens = { getScreenDetails: () => Promise.resolve({ screens }) } as unknown as Window;
    const second = await secondScreen(withScreens);
    expect(windowFeatures(second)).toBe('popup,left=1920,top=0,width=1024,height=600');
    const refused = { getScreenDetails: () => Promise.reject(new Error('denied')) } as unknown as Window;
    expect(await secondScreen(refused)).toBeNull();
    expect(await secondScreen({} as Window)).toBeNull();
    expect(windowFeatures(null)).toBe('popup,width=800,height=600');
  });
});
