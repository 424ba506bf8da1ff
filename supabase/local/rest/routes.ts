// PostgREST subset (/rest/v1). Placeholder until the data API work lands.
import { Hono } from 'hono';
import type { StackContext } from '../context';

export function createRestRoutes(_ctx: StackContext): Hono {
  return new Hono();
}
