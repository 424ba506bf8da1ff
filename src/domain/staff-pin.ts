// Staff PINs on a shared till (issue 18; SPEC [PIN-1]…[PIN-5]). A PIN says who stands at the counter on a
// trusted device; it is not a password (a 4-digit PIN has 10,000 values). What is stored is chosen so a
// till can check a PIN offline without ever holding the secret the server checks approvals with:
//
//   key      = PBKDF2-SHA256(pin, salt, iterations) — 32 bytes. Only the server stores it (private schema);
//              the till derives it from a typed PIN, keeps it in memory, and signs proofs with it.
//   verifier = SHA-256(key ‖ "tillpoint-pin-verifier") — what the till stores to check a typed PIN.
//   proof    = HMAC-SHA256(key, "tillpoint:<purpose>:v1:<company>:<subject>:<action>") — sent in an op; the
//              server recomputes it with its stored key, so a till cannot make one without the PIN.
//
// Everything is lowercase hex, the form Postgres' encode(…, 'hex') gives, so the server compares strings.
// Uses WebCrypto (the browser's, and Node's global `crypto`); salts are passed in, never drawn here.

/** [PIN-1] A PIN is 4 to 6 digits. */
export const PIN_PATTERN = /^[0-9]{4,6}$/;

/** [PIN-2] PBKDF2-SHA256 iterations for a new PIN: slow enough to cost a guesser, quick enough to unlock. */
export const PIN_ITERATIONS = 100_000;

/** The fewest iterations a stored PIN may use; the server refuses fewer. */
export const PIN_MIN_ITERATIONS = 100_000;

const VERIFIER_TAG = 'tillpoint-pin-verifier';

export type ProofPurpose = 'cashier' | 'approval';

/** What the server stores for a PIN (`set_staff_pin`); the till receives all of it but `key`. */
export interface PinSecret {
  salt: string;
  iterations: number;
  key: string;
  verifier: string;
}

/** What a till holds to check one person's PIN offline. */
export interface PinCheck {
  salt: string;
  iterations: number;
  verifier: string;
}

/** The problem with a typed PIN, in the cashier's words, or null when it is well formed. */
export function pinProblem(pin: string): string | null {
  return PIN_PATTERN.test(pin) ? null : 'A PIN is 4 to 6 digits.';
}

export function toHex(bytes: Uint8Array): string {
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

export function fromHex(hex: string): Uint8Array<ArrayBuffer> {
  if (!/^(?:[0-9a-f]{2})*$/.test(hex)) throw new RangeError('Not lowercase hex');
  const bytes = new Uint8Array(hex.length / 2);
  for (let i = 0; i < bytes.length; i += 1) bytes[i] = parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return bytes;
}

const encoder = new TextEncoder();

/** [PIN-2] The PIN's key: PBKDF2-SHA256 over the PIN with the person's salt, 32 bytes as hex. */
export async function derivePinKey(pin: string, salt: string, iterations: number): Promise<string> {
  const material = await crypto.subtle.importKey('raw', encoder.encode(pin), 'PBKDF2', false, ['deriveBits']);
  const bits = await crypto.subtle.deriveBits(
    { name: 'PBKDF2', hash: 'SHA-256', salt: fromHex(salt), iterations },
    material,
    256,
  );
  return toHex(new Uint8Array(bits));
}

/** [PIN-3] The verifier a till stores: a one-way hash of the key, so the key cannot be read back from it. */
export async function pinVerifier(key: string): Promise<string> {
  const keyBytes = fromHex(key);
  const tag = encoder.encode(VERIFIER_TAG);
  const joined = new Uint8Array(keyBytes.length + tag.length);
  joined.set(keyBytes);
  joined.set(tag, keyBytes.length);
  return toHex(new Uint8Array(await crypto.subtle.digest('SHA-256', joined)));
}

/**
 * Everything stored for a new PIN. `salt` is 16 random bytes as hex, drawn by the caller
 * (`toHex(crypto.getRandomValues(new Uint8Array(16)))`) so tests can pin it.
 */
export async function makePinSecret(
  pin: string,
  salt: string,
  iterations = PIN_ITERATIONS,
): Promise<PinSecret> {
  const key = await derivePinKey(pin, salt, iterations);
  return { salt, iterations, key, verifier: await pinVerifier(key) };
}

/** [PIN-3] The key of a typed PIN when it matches the stored check, or null. */
export async function unlockWithPin(pin: string, check: PinCheck): Promise<string | null> {
  if (pinProblem(pin) !== null) return null;
  const key = await derivePinKey(pin, check.salt, check.iterations);
  return (await pinVerifier(key)) === check.verifier ? key : null;
}

/** The message a proof signs: what it vouches for, bound to one shop, one business row and one action. */
export function proofMessage(
  purpose: ProofPurpose,
  companyId: string,
  subjectId: string,
  action: string,
): string {
  return `tillpoint:${purpose}:v1:${companyId}:${subjectId}:${action}`;
}

/**
 * [PIN-4] A proof that the person whose key this is stood at the till for `subjectId` (a sale, refund, cash
 * movement or shift id): `cashier` proofs say who sold (action `sell`), `approval` proofs say who approved
 * which action. The server recomputes it with the key it stores.
 */
export async function signProof(
  key: string,
  purpose: ProofPurpose,
  companyId: string,
  subjectId: string,
  action: string,
): Promise<string> {
  const hmacKey = await crypto.subtle.importKey(
    'raw',
    fromHex(key),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  const signature = await crypto.subtle.sign(
    'HMAC',
    hmacKey,
    encoder.encode(proofMessage(purpose, companyId, subjectId, action)),
  );
  return toHex(new Uint8Array(signature));
}
