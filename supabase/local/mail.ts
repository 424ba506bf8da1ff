// Nothing leaves the machine: every message the stack would send (recovery links, invites) is kept here and
// listed at GET /local/v1/mail, newest first, so developers and tests can follow the links.

export interface MailMessage {
  id: string;
  to: string;
  subject: string;
  text: string;
  /** The HTML part, when the message has one (a receipt by mail). */
  html?: string;
  /** The action link in the message, when it has one (recovery, invite, a receipt's page). */
  link?: string;
  /** Where an answer goes, when the sender named one (a purchase order: the manager who sent it). */
  reply_to?: string;
  sent_at: string;
}

export class Mailbox {
  readonly #messages: MailMessage[] = [];

  send(message: Omit<MailMessage, 'id' | 'sent_at'>): MailMessage {
    const stored: MailMessage = { ...message, id: crypto.randomUUID(), sent_at: new Date().toISOString() };
    this.#messages.push(stored);
    return stored;
  }

  /** Newest first; `to` narrows to one recipient. */
  list(to?: string): MailMessage[] {
    const wanted = to?.toLowerCase();
    return this.#messages.filter((m) => wanted === undefined || m.to.toLowerCase() === wanted).reverse();
  }
}
