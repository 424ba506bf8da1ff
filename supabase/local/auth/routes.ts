// GoTrue subset (/auth/v1). Placeholder until the auth work lands.
import { Hono } from 'hono';
import type { StackContext } from '../context';

export function createAuthRoutes(_ctx: StackContext): Hono {
  const app = new Hono();
  app.get('/health', (c) =>
    c.json({ version: 'local', name: 'GoTrue', description: 'Tillpoint local auth' }),
  );
  return app;
}
