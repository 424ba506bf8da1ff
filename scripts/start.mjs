// `npm start`: build the app, start the local stack, serve the build on http://localhost:4173.
// `npm run dev`: the same with the Vite dev server (http://localhost:5173) instead of a build.
// One Ctrl-C stops both; if either process dies, the other is stopped too.
import { spawn } from 'node:child_process';

const dev = process.argv.includes('--dev');
const children = [];
let stopping = false;

function run(command, args, options = {}) {
  const child = spawn(command, args, { stdio: 'inherit', ...options });
  children.push(child);
  child.on('exit', (code, signal) => {
    if (!stopping) {
      console.error(
        `\n${command} ${args.join(' ')} stopped (${signal ?? `exit ${code}`}); stopping Tillpoint.`,
      );
      stop(code ?? 1);
    }
  });
  return child;
}

function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  setTimeout(() => process.exit(code), 1500).unref();
  Promise.all(
    children.map(
      (child) => new Promise((resolve) => (child.exitCode !== null ? resolve() : child.on('exit', resolve))),
    ),
  ).then(() => process.exit(code));
}

process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));

async function waitForStack(url, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(`${url}/auth/v1/health`);
      if (response.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  throw new Error(`The local stack did not answer at ${url} within ${timeoutMs / 1000} s.`);
}

const stackUrl = `http://127.0.0.1:${process.env.SUPABASE_PORT ?? 54321}`;
const appUrl = dev ? 'http://localhost:5173' : 'http://localhost:4173';

if (!dev) {
  const build = spawn('npx', ['vite', 'build'], { stdio: 'inherit' });
  const code = await new Promise((resolve) => build.on('exit', resolve));
  if (code !== 0) process.exit(code ?? 1);
}

run('npx', ['tsx', 'supabase/local/main.ts'], {
  env: { ...process.env, SITE_URL: process.env.SITE_URL ?? appUrl },
});
await waitForStack(stackUrl);
if (stopping) process.exit(1);
run(
  'npx',
  dev ? ['vite', '--port', '5173', '--strictPort'] : ['vite', 'preview', '--port', '4173', '--strictPort'],
);

console.log(`
Tillpoint is running:
  App          ${appUrl}
  Local stack  ${stackUrl}
  Sign in as   owner@demo.test, manager@demo.test or cashier@demo.test — password demo-password
Press Ctrl-C to stop.
`);
