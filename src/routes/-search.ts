// Search parameters shared by the auth routes: `redirect` is kept as given (it is sanitised where it is used).
export interface RedirectSearch {
  redirect?: string;
}

export function validateRedirectSearch(search: Record<string, unknown>): RedirectSearch {
  return typeof search.redirect === 'string' ? { redirect: search.redirect } : {};
}
