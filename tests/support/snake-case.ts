// The stored shapes of promotions are the till's types with camelCase keys turned to snake_case, nothing else
// renamed (/work/notes/promo-contract.md): tests that hand the server what the till's types hold use this.

/** camelCase keys to snake_case, values untouched (ids stay as they are). */
export function snake(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(snake);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, inner]) => [
      key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`),
      snake(inner),
    ]),
  );
}
