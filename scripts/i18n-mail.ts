// Writes the mails' compiled messages (scripts/mail-catalog.ts); `npm run i18n:extract` runs it.
import { writeMailMessages } from './mail-catalog';

await writeMailMessages();
