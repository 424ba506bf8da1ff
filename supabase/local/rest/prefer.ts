// The request headers that shape a PostgREST answer besides the URL: `Prefer` (reference §B3), `Accept`
// for single objects, and the schema profile headers (only `public` is exposed).
import { RestError } from './errors';

export interface Preferences {
  return: 'minimal' | 'representation' | 'headers-only' | undefined;
  resolution: 'merge-duplicates' | 'ignore-duplicates' | undefined;
  count: 'exact' | 'planned' | 'estimated' | undefined;
  missingDefault: boolean;
  rollback: boolean;
  /** What PostgREST echoes in `Preference-Applied`. */
  applied: string[];
}

const OPTIONS: Record<string, readonly string[]> = {
  return: ['minimal', 'representation', 'headers-only'],
  resolution: ['merge-duplicates', 'ignore-duplicates'],
  count: ['exact', 'planned', 'estimated'],
  missing: ['default', 'null'],
  tx: ['commit', 'rollback'],
};

export function parsePrefer(header: string | null): Preferences {
  const chosen = new Map<string, string>();
  for (const part of (header ?? '').split(',')) {
    const [name = '', value = ''] = part
      .trim()
      .split('=')
      .map((text) => text.trim());
    // Unknown or malformed preferences are ignored, as PostgREST does with handling=lenient (the default).
    if (OPTIONS[name]?.includes(value) && !chosen.has(name)) chosen.set(name, value);
  }
  return {
    return: chosen.get('return') as Preferences['return'],
    resolution: chosen.get('resolution') as Preferences['resolution'],
    count: chosen.get('count') as Preferences['count'],
    missingDefault: chosen.get('missing') === 'default',
    rollback: chosen.get('tx') === 'rollback',
    applied: [...chosen].map(([name, value]) => `${name}=${value}`),
  };
}

export const SINGLE_OBJECT = 'application/vnd.pgrst.object+json';

export function wantsSingleObject(headers: Headers): boolean {
  return (headers.get('accept') ?? '').toLowerCase().includes(SINGLE_OBJECT);
}

/** `Accept-Profile` (reads) / `Content-Profile` (writes) may only name `public`. */
export function checkProfile(headers: Headers, method: string): void {
  const name = method === 'GET' || method === 'HEAD' ? 'accept-profile' : 'content-profile';
  const schema = headers.get(name);
  if (schema !== null && schema !== 'public') {
    throw new RestError(406, {
      code: 'PGRST106',
      message: 'The schema must be one of the following: public',
    });
  }
}
