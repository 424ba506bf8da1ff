// The register's side of the customer display: it keeps the last state it showed and sends it on every
// change, and again when a display opens and says hello — so a display opened mid-sale shows the cart at
// once. BroadcastChannel needs no network, so the display follows the register offline too.
import { CUSTOMER_DISPLAY_CHANNEL, isHello, type DisplayState } from '../../domain/customer-display';

export interface DisplayFeed {
  /** The state to show now (the shop's name is added from `setShop`). */
  show(state: DisplayState): void;
  /** The shop's name, for the idle screen. */
  setShop(name: string | null): void;
  close(): void;
}

type Channel = Pick<BroadcastChannel, 'postMessage' | 'close'> & {
  onmessage: ((event: MessageEvent) => void) | null;
};

export function createDisplayFeed(
  open: () => Channel | null = () =>
    typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(CUSTOMER_DISPLAY_CHANNEL),
): DisplayFeed {
  let channel: Channel | null = null;
  let shop: string | null = null;
  let current: DisplayState = { kind: 'idle', shop: null };
  const send = () => {
    channel ??= open();
    if (!channel) return;
    channel.onmessage ??= (event) => {
      if (isHello(event.data)) channel?.postMessage(current);
    };
    channel.postMessage(current);
  };
  return {
    show(state) {
      current = { ...state, shop };
      send();
    },
    setShop(name) {
      if (name === shop) return;
      shop = name;
      current = { ...current, shop };
      send();
    },
    close() {
      channel?.close();
      channel = null;
    },
  };
}

/** The one feed of this page: the register and the counter bar share it. */
export const displayFeed = createDisplayFeed();
