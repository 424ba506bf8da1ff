// Staff PINs on a shared till (issue 18, issue 33; SPEC [PIN-1]…[PIN-7]). A PIN says who stands at the counter
// on a trusted device; it is not a password (a 4-digit PIN has 10,000 values). What is stored is chosen so a
// till can check a PIN offline without ever holding the secret the server checks approvals with:
//
//   key      = KDF(pin, salt) — 32 bytes: Argon2id (hash-wasm) for new PINs, deliberately slow and
//              memory-hard so each offline guess costs a tablet-sized fraction of a second; PBKDF2-SHA256 for
//              PINs set before issue 33, which keep working until reset. `kdf` names which, with its
//              parameters. Only the server stores the key (private schema); a till derives it from a typed
//              PIN, keeps it in memory, and signs proofs with it.
//   verifier = SHA-256(key ‖ "tillpoint-pin-verifier") — what a manager's till stores to check a typed PIN.
//   proof    = HMAC-SHA256(key, "tillpoint:<purpose>:v2:<company>:<op name>:<subject>:<action>") — sent in
//              an op; the server recomputes it with its stored key, so a till cannot make one without the
//              PIN, and a proof made for one op cannot ride on another.
//
// Everything is lowercase hex, the form Postgres' encode(…, 'hex') gives, so the server compares strings.
// Salts are passed in, never drawn here.
import { argon2id } from 'hash-wasm';

/** [PIN-1] A PIN is 4 to 6 digits. */
export const PIN_PATTERN = /^[0-9]{4,6}$/;

/**
 * How a PIN's key is derived, stored beside its salt (`staff.pin_kdf`). Argon2id's `m` is KiB of memory,
 * `t` passes, `p` lanes; the server bounds them (m ≥ 19,456 KiB, [STAFF-15]).
 */
export type PinKdf =
  { name: 'argon2id'; m: number; t: number; p: number } | { name: 'pbkdf2-sha256'; iterations: number };

/**
 * [PIN-2] The derivation of a new PIN: Argon2id with 32 MiB and 2 passes, about 100 ms on one core of a
 * desktop and 300 ms on a 2-core tablet (docs/shared-till.md, "What a thief … can do").
 */
export const PIN_KDF: PinKdf = { name: 'argon2id', m: 32768, t: 2, p: 1 };

const VERIFIER_TAG = 'tillpoint-pin-verifier';

export type ProofPurpose = 'cashier' | 'approval';

/** The ops that name a person, and so carry proofs: a proof binds the op's name ([PIN-4]). */
export const PERSON_OPS = [
  'sale.record',
  'sale.refund',
  'shift.open',
  'shift.close',
  'cash.move',
  'activity.record',
  // [VAL-18] [VAL-19] Customer value (issue 37): an account payment's cashier, a balance adjustment's approval.
  'account.payment',
  'value.adjust',
  // [PUR-10] [PUR-T15] Purchasing at the till (issue 38): who took the delivery in, sent, received or counted.
  'purchase_order.receive',
  'transfer.send',
  'transfer.receive',
  'stocktake.count',
] as const;

export type PersonOp = (typeof PERSON_OPS)[number];

/** What the server stores for a PIN (`set_staff_pin`); a manager's till receives all of it but `key`. */
export interface PinSecret {
  salt: string;
  kdf: PinKdf;
  key: string;
  verifier: string;
  /** How many digits the PIN has: the server cannot see the PIN, so it takes the browser's word ([STAFF-16]). */
  digits: number;
}

/** What a till needs to derive a typed PIN's key (staff_pin_params answers it online). */
export interface PinParams {
  salt: string;
  kdf: PinKdf;
}

/** What a till holds to check one person's PIN offline. */
export interface PinCheck extends PinParams {
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

/** [PIN-2] The PIN's key by the stored derivation, 32 bytes as hex. */
export async function derivePinKey(pin: string, salt: string, kdf: PinKdf): Promise<string> {
  if (kdf.name === 'argon2id') {
    return argon2id({
      password: pin,
      salt: fromHex(salt),
      memorySize: kdf.m,
      iterations: kdf.t,
      parallelism: kdf.p,
      hashLength: 32,
      outputType: 'hex',
    });
  }
  const material = await crypto.subtle.importKey('raw', encoder.encode(pin), 'PBKDF2', false, ['deriveBits']);
  const bits = await crypto.subtle.deriveBits(
    { name: 'PBKDF2', hash: 'SHA-256', salt: fromHex(salt), iterations: kdf.iterations },
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
export async function makePinSecret(pin: string, salt: string, kdf: PinKdf = PIN_KDF): Promise<PinSecret> {
  const key = await derivePinKey(pin, salt, kdf);
  return { salt, kdf, key, verifier: await pinVerifier(key), digits: pin.length };
}

/** [PIN-3] The key of a typed PIN when it matches the stored check, or null. */
export async function unlockWithPin(pin: string, check: PinCheck): Promise<string | null> {
  if (pinProblem(pin) !== null) return null;
  const key = await derivePinKey(pin, check.salt, check.kdf);
  return (await pinVerifier(key)) === check.verifier ? key : null;
}

/**
 * [PIN-4] The message a proof signs: what it vouches for, bound to one shop, one op (its name), one business
 * row and one action. v1 had no op name, so one proof served any op on that row; the server no longer
 * verifies v1 ([STAFF-17]).
 */
export function proofMessage(
  purpose: ProofPurpose,
  companyId: string,
  opName: PersonOp,
  subjectId: string,
  action: string,
): string {
  return `tillpoint:${purpose}:v2:${companyId}:${opName}:${subjectId}:${action}`;
}

/**
 * [PIN-4] A proof that the person whose key this is stood at the till for `subjectId` (a sale, refund, cash
 * movement, shift or event id) in the op `opName`: `cashier` proofs say who sold (action `sell`), `approval`
 * proofs say who approved which action. The server recomputes it with the key it stores.
 */
export async function signProof(
  key: string,
  purpose: ProofPurpose,
  companyId: string,
  opName: PersonOp,
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
    encoder.encode(proofMessage(purpose, companyId, opName, subjectId, action)),
  );
  return toHex(new Uint8Array(signature));
}
