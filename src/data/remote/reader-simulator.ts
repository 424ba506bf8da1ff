// The local stack's controls of its simulated card readers (supabase/local/stripe, issue 20): hold a test card
// to a reader, or make it give up waiting. Local only, like the mail catcher: these routes exist on the local
// stack and nowhere else, need no key, and no secret ever reaches the browser.
export interface SimulatorControls {
  knows: (stripeReaderId: string) => Promise<boolean>;
  present: (stripeReaderId: string, cardNumber: string) => Promise<void>;
  timeOut: (stripeReaderId: string) => Promise<void>;
}

export function readerSimulator(stackUrl: string, fetcher: typeof fetch = fetch): SimulatorControls {
  const reader = (id: string) => `${stackUrl}/local/v1/stripe/terminal/readers/${encodeURIComponent(id)}`;
  const post = async (url: string, body?: unknown): Promise<void> => {
    const response = await fetcher(url, {
      method: 'POST',
      ...(body === undefined
        ? {}
        : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
    });
    if (response.ok) return;
    const answer = (await response.json().catch(() => null)) as { error?: { message?: string } } | null;
    throw new Error(answer?.error?.message ?? `The simulated reader answered ${response.status}.`);
  };
  return {
    async knows(id) {
      try {
        return (await fetcher(reader(id))).ok;
      } catch {
        return false;
      }
    },
    present: (id, cardNumber) => post(`${reader(id)}/present`, { number: cardNumber }),
    timeOut: (id) => post(`${reader(id)}/timeout`),
  };
}
