// Who may change whom on the staff page, and what a typed name or PIN must be before anything is sent. The
// server decides (save_staff, set_staff_pin check the caller); these rules only hide what it would refuse.
import { msg, t } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { cleanName, nameProblem as typedNameProblem } from '../../domain/name-text';
import type { MemberRole } from '../../data/remote/memberships';
import { makePinSecret, pinProblem, toHex, type PinSecret } from '../../domain/staff-pin';

/** Owners manage everyone, managers manage cashiers, cashiers nobody (but their own PIN). */
export function canManage(actor: MemberRole, target: MemberRole): boolean {
  if (actor === 'owner') return true;
  return actor === 'manager' && target === 'cashier';
}

/** The roles a person may give PIN-only staff: an owner adds cashiers and managers, a manager cashiers. */
export function rolesToGive(actor: MemberRole): MemberRole[] {
  if (actor === 'owner') return ['cashier', 'manager'];
  return actor === 'manager' ? ['cashier'] : [];
}

/** Each role's name, translated where shown. */
export const ROLE_NAMES: Record<MemberRole, MessageDescriptor> = {
  owner: msg`Owner`,
  manager: msg`Manager`,
  cashier: msg`Cashier`,
};

/** The problem with a staff name, or null. */
export function nameProblem(name: string): string | null {
  const trimmed = name.trim();
  if (trimmed === '') return t`Enter the person’s name.`;
  // [INPUT-2] The server's own refusal, said before anything is sent.
  const refused = typedNameProblem(name, 'staff');
  if (refused !== null) return refused;
  return cleanName(name).length > 100 ? t`A name is at most 100 characters.` : null;
}

/** The problem with a PIN typed twice, or null. */
export function pinPairProblem(pin: string, again: string): string | null {
  return pinProblem(pin) ?? (pin === again ? null : t`The two PINs differ: type the same PIN twice.`);
}

/** What is stored for a new PIN, with a fresh 16-byte salt: the PIN itself never leaves this function. */
export function newPinSecret(
  pin: string,
  random: (bytes: Uint8Array<ArrayBuffer>) => Uint8Array<ArrayBuffer> = (bytes) =>
    crypto.getRandomValues(bytes),
): Promise<PinSecret> {
  return makePinSecret(pin, toHex(random(new Uint8Array(16))));
}
