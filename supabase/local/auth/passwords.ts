// Password hashing and policy. bcrypt at cost 10 like GoTrue; verification also accepts the `$2a$` hashes
// pgcrypto's crypt(…, gen_salt('bf')) makes, since supabase/seed.sql creates the demo users that way.
import bcrypt from 'bcryptjs';
import { weakPassword } from './errors';

const COST = 10;
/** GoTrue's default `password_min_length`. */
export const MIN_PASSWORD_LENGTH = 6;

export const hashPassword = (password: string): Promise<string> => bcrypt.hash(password, COST);

/** False for a missing hash (a Google-only user) or a hash bcrypt cannot read. */
export async function verifyPassword(password: string, hash: string | null): Promise<boolean> {
  if (!hash?.startsWith('$2')) return false;
  try {
    return await bcrypt.compare(password, hash);
  } catch {
    return false;
  }
}

/** Throws GoTrue's 422 weak_password when the password breaks the (default) policy. */
export function checkPasswordStrength(password: string): void {
  if (password.length < MIN_PASSWORD_LENGTH) {
    throw weakPassword(['length'], `Password should be at least ${MIN_PASSWORD_LENGTH} characters.`);
  }
}
