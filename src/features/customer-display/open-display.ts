// Opens the customer display from the register: on the second screen where the browser can tell where it is
// (the Window Management API, Chromium 100+, after the user allows it), otherwise as a plain window the
// cashier drags to the customer's screen. The display's 'Full screen' button then fills that screen.

/** The part of the Window Management API this uses (not yet in TypeScript's DOM types). */
interface ScreenArea {
  isPrimary: boolean;
  availLeft: number;
  availTop: number;
  availWidth: number;
  availHeight: number;
}

type WindowWithScreens = Window & { getScreenDetails?: () => Promise<{ screens: readonly ScreenArea[] }> };

export const DISPLAY_WINDOW = 'tillpoint-customer-display';

/** Where to put the display: the first screen that is not the primary one, if the browser says. */
export async function secondScreen(win: WindowWithScreens = window): Promise<ScreenArea | null> {
  if (typeof win.getScreenDetails !== 'function') return null;
  try {
    const { screens } = await win.getScreenDetails();
    return screens.find((screen) => !screen.isPrimary) ?? null;
  } catch {
    // The user said no, or the page is not allowed to ask (an iframe, an old browser).
    return null;
  }
}

export function windowFeatures(screen: ScreenArea | null): string {
  if (!screen) return 'popup,width=800,height=600';
  const { availLeft, availTop, availWidth, availHeight } = screen;
  return `popup,left=${String(availLeft)},top=${String(availTop)},width=${String(availWidth)},height=${String(availHeight)}`;
}

/** False when the browser blocked the window (a pop-up blocker): the caller says so. */
export async function openCustomerDisplay(win: WindowWithScreens = window): Promise<boolean> {
  const opened = win.open('/display', DISPLAY_WINDOW, windowFeatures(await secondScreen(win)));
  return opened !== null;
}
