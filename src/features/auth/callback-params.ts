// What /auth/v1 put in the URL it sent the browser back with (supabase-protocol §A): a PKCE `?code=`, an
// implicit-grant `#access_token=…` fragment, or an error in the query and/or fragment.

export type CallbackParams =
  | { kind: 'error'; message: string; code: string | null }
  | { kind: 'code'; code: string; recovery: boolean; redirect: string | null }
  | { kind: 'tokens'; accessToken: string; refreshToken: string; recovery: boolean; redirect: string | null }
  | { kind: 'none' };

export function readCallbackParams(search: string, hash: string): CallbackParams {
  const query = new URLSearchParams(search.startsWith('?') ? search.slice(1) : search);
  const fragment = new URLSearchParams(hash.startsWith('#') ? hash.slice(1) : hash);
  const get = (name: string) => query.get(name) ?? fragment.get(name);

  const error = get('error_description') ?? get('error');
  if (error !== null) {
    return { kind: 'error', message: error.replace(/\+/g, ' '), code: get('error_code') ?? get('error') };
  }
  const recovery = get('type') === 'recovery' || query.get('next') === 'reset';
  const redirect = query.get('redirect');
  const code = query.get('code');
  if (code) return { kind: 'code', code, recovery, redirect };
  const accessToken = fragment.get('access_token');
  const refreshToken = fragment.get('refresh_token');
  if (accessToken && refreshToken) return { kind: 'tokens', accessToken, refreshToken, recovery, redirect };
  return { kind: 'none' };
}
