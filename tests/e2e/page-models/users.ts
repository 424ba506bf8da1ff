// Who the browser tests sign in as: the seeded demo users, or a fresh address per test.
export const DEMO_PASSWORD = 'demo-password';
export const OWNER = 'owner@demo.test';
/** The demo shop's cashier, as the register's tests sign in (seed.sql). */
export const DEMO_CASHIER = { email: 'cashier@demo.test', id: 'd0000000-0000-4000-8000-000000000003' };

export function uniqueEmail(label = 'e2e'): string {
  return `${label}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}@example.com`;
}
