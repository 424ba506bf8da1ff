// The stack's mailer for mail the database queues ([ONB-8]): server functions insert into
// private.mail_outbox in their own transaction, and this sends each queued row to the mailbox and deletes
// it. It runs after every API request, so a message is in the mailbox by the time the call that queued it
// has answered — what a test or a developer looking at /local/v1/mail expects.
import type { Queryable } from './db/database';
import type { Mailbox } from './mail';

interface QueuedMail {
  to_address: string;
  subject: string;
  body: string;
}

export async function sendQueuedMail(db: Queryable, mailbox: Mailbox): Promise<number> {
  const { rows } = await db.query<QueuedMail>(
    `with sent as (delete from private.mail_outbox returning *)
     select to_address, subject, body from sent order by created_at`,
  );
  for (const row of rows) mailbox.send({ to: row.to_address, subject: row.subject, text: row.body });
  return rows.length;
}
