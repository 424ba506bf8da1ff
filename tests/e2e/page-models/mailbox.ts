// The local stack's captured mail (GET /local/v1/mail): nothing is sent, tests follow the links instead.
import type { APIRequestContext } from '@playwright/test';

const STACK = 'http://127.0.0.1:54321';

export interface Message {
  to: string;
  subject: string;
  text: string;
  html?: string;
  link?: string;
}

/** Every captured message to `email`, newest first. */
export async function mailsTo(request: APIRequestContext, email: string): Promise<Message[]> {
  const response = await request.get(`${STACK}/local/v1/mail`);
  const messages = (await response.json()) as Message[];
  return messages.filter((m) => m.to.toLowerCase() === email.toLowerCase());
}

export async function latestLinkFor(request: APIRequestContext, email: string): Promise<string> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const message = (await mailsTo(request, email)).find((m) => m.link);
    if (message?.link) return message.link;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`No mail with a link for ${email}`);
}
