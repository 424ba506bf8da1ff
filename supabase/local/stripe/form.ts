// Stripe's request bodies are form-encoded with bracketed keys (`metadata[sale_id]=…`,
// `payment_method_types[0]=card_present`, `card_present[number]=…`); this reads them back into objects and
// arrays, one level of nesting being all the function and Stripe's test helpers send.
export type FormValue = string | string[] | Record<string, string>;

export function decodeForm(body: string): Record<string, FormValue> {
  // No prototype: a key named `__proto__` or `constructor` in a request is a key like any other.
  const out: Record<string, FormValue> = Object.create(null) as Record<string, FormValue>;
  for (const [key, value] of new URLSearchParams(body)) {
    const nested = /^([^[\]]+)\[([^[\]]*)\]$/.exec(key);
    if (!nested) {
      out[key] = value;
      continue;
    }
    const [, name = '', inner = ''] = nested;
    if (inner === '' || /^\d+$/.test(inner)) {
      const list = Array.isArray(out[name]) ? out[name] : [];
      list.push(value);
      out[name] = list;
    } else {
      const held = out[name];
      const record =
        typeof held === 'object' && !Array.isArray(held)
          ? held
          : (Object.create(null) as Record<string, string>);
      record[inner] = value;
      out[name] = record;
    }
  }
  return out;
}

export const formString = (value: FormValue | undefined): string | undefined =>
  typeof value === 'string' ? value : undefined;
export const formList = (value: FormValue | undefined): string[] | undefined =>
  Array.isArray(value) ? value : undefined;
export const formRecord = (value: FormValue | undefined): Record<string, string> | undefined =>
  typeof value === 'object' && !Array.isArray(value) ? value : undefined;
