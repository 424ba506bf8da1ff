// Request bodies: JSON, and not nested deeper than any real payload. A body nested thousands deep is cheap
// to send and makes Postgres fail deep inside jsonb (500 "bad buffer ID" on PGlite, stack depth on
// PostgreSQL); it is refused up front with a 400 that says why ([STACK-4]).
import { badBody } from './errors';

/** Far beyond any op, import or filter payload (apply_ops args are about 5 deep). */
export const MAX_JSON_DEPTH = 100;

export function parseJsonBody(text: string): unknown {
  let value: unknown;
  try {
    value = JSON.parse(text) as unknown;
  } catch {
    throw badBody();
  }
  if (depthOf(value, MAX_JSON_DEPTH) > MAX_JSON_DEPTH) {
    throw badBody(`JSON is nested more than ${String(MAX_JSON_DEPTH)} levels deep`);
  }
  return value;
}

/** Nesting depth of arrays and objects, counted without recursion and stopping once past `limit`. */
function depthOf(root: unknown, limit: number): number {
  let deepest = 0;
  const stack: { value: unknown; depth: number }[] = [{ value: root, depth: 0 }];
  for (let next = stack.pop(); next; next = stack.pop()) {
    const { value, depth } = next;
    if (typeof value !== 'object' || value === null) continue;
    const here = depth + 1;
    if (here > deepest) deepest = here;
    if (deepest > limit) return deepest;
    for (const child of Object.values(value)) stack.push({ value: child, depth: here });
  }
  return deepest;
}
