// The install offer: Chromium's deferred prompt, and iOS Safari's "Add to Home Screen" fallback.
import { describe, expect, test, vi } from 'vitest';
import { createInstallOffer, isIosSafari } from './install-offer';

const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const IPHONE_CHROME =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/120.0 Mobile/15E148 Safari/604.1';
const IPAD_DESKTOP_MODE =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const DESKTOP_CHROME =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36';

describe('isIosSafari', () => {
  test('Safari on iPhone and iPad, not yet on the home screen', () => {
    expect(isIosSafari(IPHONE_SAFARI, false)).toBe(true);
    expect(isIosSafari(IPAD_DESKTOP_MODE, false)).toBe(true);
  });

  test('not once installed, not in other iOS browsers, not on desktop', () => {
    expect(isIosSafari(IPHONE_SAFARI, true)).toBe(false);
    expect(isIosSafari(IPHONE_CHROME, false)).toBe(false);
    expect(isIosSafari(DESKTOP_CHROME, false)).toBe(false);
  });
});

describe('createInstallOffer', () => {
  test('keeps the browser prompt and shows it once on install', async () => {
    window.matchMedia = vi.fn().mockReturnValue({ matches: false });
    const offer = createInstallOffer(window);
    expect(offer.getState()).toBe('unavailable');

    const prompt = vi.fn().mockResolvedValue(undefined);
    const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
      prompt,
      userChoice: Promise.resolve({ outcome: 'accepted' }),
    });
    window.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);
    expect(offer.getState()).toBe('prompt');

    await offer.install();
    await offer.install();
    expect(prompt).toHaveBeenCalledTimes(1);
    expect(offer.getState()).toBe('installed');
  });
});
