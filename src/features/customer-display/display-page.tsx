// The screen facing the customer (`/display`, issue 19): the cart as the cashier builds it, the total, what
// was paid and the change, then a thank-you with the receipt number; the shop's name and logo when idle. It shows only
// what the register of this device sends over a BroadcastChannel, so it needs no sign-in and no network, and
// it remembers the shop's name for the next time it opens.
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { shopI18n, shopIntlLocale } from '../../lib/i18n/shop-i18n';
import { Fragment, useEffect, useState } from 'react';
import { formatMoney } from '../../domain/money-text';
import { parseDisplayState } from '../../domain/customer-display-parse';
import { CUSTOMER_DISPLAY_CHANNEL, HELLO, type DisplayState } from '../../domain/customer-display';
import './customer-display.css';

const SHOP_KEY = 'tillpoint:display-shop';

function rememberedShop(): string | null {
  try {
    return localStorage.getItem(SHOP_KEY);
  } catch {
    return null;
  }
}

function remember(shop: string | null) {
  try {
    if (shop) localStorage.setItem(SHOP_KEY, shop);
  } catch {
    // Private windows may refuse storage; the name then shows once the register speaks.
  }
}

export function useDisplayState(): DisplayState {
  const [state, setState] = useState<DisplayState>(() => ({ kind: 'idle', shop: rememberedShop() }));
  useEffect(() => {
    if (typeof BroadcastChannel === 'undefined') return;
    const channel = new BroadcastChannel(CUSTOMER_DISPLAY_CHANNEL);
    channel.onmessage = (event: MessageEvent) => {
      const next = parseDisplayState(event.data);
      if (!next) return;
      remember(next.shop);
      setState(next.shop === null ? { ...next, shop: rememberedShop() } : next);
    };
    channel.postMessage(HELLO);
    return () => {
      channel.close();
    };
  }, []);
  return state;
}

/** `logo`: this device's receipt logo (a data URL), which the route reads from the printer's settings. */
export function CustomerDisplayPage({ logo = null }: { logo?: string | null }) {
  const state = useDisplayState();
  return (
    <main className="customer-display" aria-live="polite">
      <DisplayBody state={state} logo={logo} />
      <FullScreenButton />
    </main>
  );
}

// The customer's screen is a document for the customer: it speaks the SHOP's language (shopI18n, issue 35)
// and formats its amounts that way, whatever language the cashier's screens are in.
const say = (descriptor: MessageDescriptor) => shopI18n._(descriptor);

export function DisplayBody({ state, logo = null }: { state: DisplayState; logo?: string | null }) {
  if (state.kind === 'idle') {
    const shop = state.shop;
    return (
      <section className="customer-display__idle">
        {logo ? (
          <img
            className="customer-display__logo"
            src={logo}
            alt={shop ? shopI18n._(msg`${shop} logo`) : say(msg`Shop logo`)}
          />
        ) : null}
        <h1 className="customer-display__shop">{state.shop ?? say(msg`Welcome`)}</h1>
        {state.shop ? <p>{say(msg`Welcome`)}</p> : null}
      </section>
    );
  }
  if (state.kind === 'done') {
    const money = (amount: number) => formatMoney(amount, state.currency, shopIntlLocale());
    const receiptNo = state.receiptNo;
    return (
      <section className="customer-display__done">
        <h1>{say(msg`Thank you`)}</h1>
        <dl className="customer-display__totals">
          <dt>{say(msg`Total`)}</dt>
          <dd>{money(state.total)}</dd>
          <dt>{say(msg`Paid`)}</dt>
          <dd>{money(state.paid)}</dd>
          {state.change > 0 ? (
            <>
              <dt>{say(msg`Change`)}</dt>
              <dd className="customer-display__change">{money(state.change)}</dd>
            </>
          ) : null}
        </dl>
        <p>{shopI18n._(msg`Receipt ${receiptNo}`)}</p>
        {state.shop ? <p className="customer-display__shop-small">{state.shop}</p> : null}
      </section>
    );
  }
  const money = (amount: number) => formatMoney(amount, state.currency, shopIntlLocale());
  const saved = state.saved ?? 0;
  return (
    <section className="customer-display__cart">
      <table className="customer-display__lines">
        <caption className="visually-hidden">{say(msg`Your items`)}</caption>
        <thead>
          <tr>
            <th scope="col">{say(msg`Item`)}</th>
            <th scope="col">{say(msg`Qty`)}</th>
            <th scope="col">{say(msg`Price`)}</th>
          </tr>
        </thead>
        <tbody>
          {state.lines.map((line) => (
            <tr key={line.id}>
              <td>{line.name}</td>
              <td>{line.quantity}</td>
              <td>{money(line.amount)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <dl className="customer-display__totals">
        {(state.deals ?? []).map((deal, index) => (
          <Fragment key={`deal-${String(index)}`}>
            <dt>{deal.name}</dt>
            <dd>−{money(deal.amount)}</dd>
          </Fragment>
        ))}
        {state.discounts - saved > 0 ? (
          <>
            <dt>{say(msg`Discounts`)}</dt>
            <dd>−{money(state.discounts - saved)}</dd>
          </>
        ) : null}
        <dt>{state.kind === 'paying' ? say(msg`To pay`) : say(msg`Total`)}</dt>
        <dd className="customer-display__total">{money(state.total)}</dd>
        {saved > 0 ? (
          <>
            <dt>{say(msg`You saved`)}</dt>
            <dd data-testid="display-saved">{money(saved)}</dd>
          </>
        ) : null}
      </dl>
    </section>
  );
}

/** Browsers only go full screen on a tap in the window itself. */
function FullScreenButton() {
  const [full, setFull] = useState(() => typeof document !== 'undefined' && !!document.fullscreenElement);
  useEffect(() => {
    const update = () => {
      setFull(!!document.fullscreenElement);
    };
    document.addEventListener('fullscreenchange', update);
    return () => {
      document.removeEventListener('fullscreenchange', update);
    };
  }, []);
  if (full || typeof document.documentElement.requestFullscreen !== 'function') return null;
  return (
    <button
      type="button"
      className="button button--secondary customer-display__full"
      onClick={() => {
        void document.documentElement.requestFullscreen().catch(() => undefined);
      }}
    >
      {say(msg`Full screen`)}
    </button>
  );
}
