// Who the browser tests sign in as: the seeded demo users, or a fresh address per test.
export const DEMO_PASSWORD = 'demo-password';
export const OWNER = 'owner@demo.test';

export function uniqueEmail(label = 'e2e'): string {
  return `${label}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}@example.com`;
}
