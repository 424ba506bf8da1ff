// PostgREST subset (/rest/v1, reference §B): tables and views by path, functions under /rpc. Bodies over
// 10 MB are refused before they are read; every other rule lives in the handlers and request.ts.
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { StackContext } from '../context';
import { Catalog } from './catalog';
import { JSON_CONTENT_TYPE, RestError, errorResponse } from './errors';
import { handleRead } from './read-handler';
import { handleRestRequest } from './request';
import type { RestDeps, RestRequest } from './request';
import { handleRpc } from './rpc-handler';
import { handleDelete, handleInsert, handleUpdate } from './write-handler';

export const MAX_BODY_BYTES = 10 * 1024 * 1024;

function notAllowed(request: RestRequest): Promise<Response> {
  return Promise.reject(
    new RestError(405, { code: 'PGRST117', message: `Unsupported HTTP method: ${request.method}` }),
  );
}

export function createRestRoutes(ctx: StackContext): Hono {
  const deps: RestDeps = { db: ctx.db, catalog: new Catalog(ctx.db) };
  const app = new Hono();
  app.use(
    '*',
    bodyLimit({
      maxSize: MAX_BODY_BYTES,
      onError: () =>
        errorResponse(
          new RestError(413, {
            code: 'PGRST413',
            message: 'Payload Too Large',
            details: `The request body is larger than ${MAX_BODY_BYTES} bytes.`,
          }),
        ),
    }),
  );
  app.all('/rpc/:name', (c) => {
    const name = c.req.param('name');
    return handleRestRequest(c.req.raw, `/rpc/${name}`, (request) =>
      ['GET', 'HEAD', 'POST'].includes(request.method) ? handleRpc(deps, request, name) : notAllowed(request),
    );
  });
  app.all('/:table', (c) => {
    const table = c.req.param('table');
    return handleRestRequest(c.req.raw, `/${table}`, (request) => {
      switch (request.method) {
        case 'GET':
        case 'HEAD':
          return handleRead(deps, request, table);
        case 'POST':
          return handleInsert(deps, request, table);
        case 'PATCH':
          return handleUpdate(deps, request, table);
        case 'DELETE':
          return handleDelete(deps, request, table);
        default:
          return notAllowed(request);
      }
    });
  });
  // PostgREST answers its OpenAPI document here; supabase-js never asks, so a stub says what this is.
  app.all('/', (c) =>
    handleRestRequest(c.req.raw, '/', () =>
      Promise.resolve(
        new Response(
          JSON.stringify({ swagger: '2.0', info: { title: 'Tillpoint local PostgREST subset' } }),
          {
            headers: { 'Content-Type': JSON_CONTENT_TYPE },
          },
        ),
      ),
    ),
  );
  return app;
}
