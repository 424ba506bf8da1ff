// The PostgreSQL server DATABASE_URL names, for the cases that run on it (P9, P10): each works in a scratch
// database of its own on that server, made fresh and dropped afterwards.
import pg from 'pg';

/** The server's URL with another database name. */
export function withDatabase(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

/** One statement on its own connection (CREATE/DROP DATABASE and VACUUM run outside a transaction). */
export async function adminQuery(url: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** `work` with the URL of a fresh database `name` on the server `url`; the database is dropped afterwards. */
export async function inScratchDatabase<T>(url: string, name: string, work: (dbUrl: string) => Promise<T>) {
  await adminQuery(url, `drop database if exists ${name} with (force)`);
  await adminQuery(url, `create database ${name}`);
  try {
    return await work(withDatabase(url, name));
  } finally {
    await adminQuery(url, `drop database if exists ${name} with (force)`);
  }
}
