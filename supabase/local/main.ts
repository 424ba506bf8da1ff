// `npm run stack`: the local Supabase-compatible stack on http://127.0.0.1:54321 until Ctrl-C.
import { ANON_KEY, DEFAULT_PORT, DEMO_PASSWORD, DEMO_USERS, SERVICE_ROLE_KEY } from './config';
import { startStack } from './stack';

const port = Number(process.env.SUPABASE_PORT ?? DEFAULT_PORT);
const databaseUrl = process.env.DATABASE_URL;
const dataDir = process.env.DATA_DIR ?? '.data';

const stack = await startStack({
  databaseUrl,
  dataDir,
  config: {
    port,
    ...(process.env.SITE_URL ? { siteUrl: process.env.SITE_URL } : {}),
    // GoTrue's own variable name; "false" mails sign-ups a confirmation link instead of confirming them.
    mailerAutoconfirm: process.env.GOTRUE_MAILER_AUTOCONFIRM !== 'false',
  },
});

const lines = [
  '',
  `Tillpoint local stack (${databaseUrl ? 'PostgreSQL' : `PGlite in ${dataDir}`})`,
  `  API URL      ${stack.url}   (/auth/v1, /rest/v1, /functions/v1; a local Stripe under /v1)`,
  `  Mail         ${stack.url}/local/v1/mail   (sign-in, confirmation and recovery links)`,
  `  anon key     ${ANON_KEY}`,
  `  service key  ${SERVICE_ROLE_KEY}`,
  `  Demo logins  ${DEMO_USERS.map((u) => u.email).join(', ')} — password ${DEMO_PASSWORD}`,
  stack.migrations.applied.length > 0 ? `  Applied      ${stack.migrations.applied.join(', ')}` : '',
  '',
];
console.log(lines.filter((line, i) => line !== '' || i === 0 || i === lines.length - 1).join('\n'));

let stopping = false;
const stop = (): void => {
  if (stopping) return;
  stopping = true;
  stack.close().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
