import { hash, verify, type Options } from '@node-rs/argon2';
import { passwordMessages } from '../../src/contract/auth.ts';
import { invalid } from '../platform/domain-error.ts';

// OWASP password storage cheat sheet (2024): argon2id, m=19 MiB, t=2, p=1 as the minimum.
// @node-rs/argon2 rather than node-argon2: the latter's linux-x64 prebuild crashes on load on our machines.
// algorithm 2 is Algorithm.Argon2id, a const enum that verbatimModuleSyntax cannot import.
const options: Options = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export const hashPassword = (password: string) => hash(password, options);

let dummyHash: Promise<string> | undefined;

/** Verifies against the hash, or against a dummy one when there is none, so both cases take the same time. */
export async function verifyPassword(storedHash: string | null | undefined, password: string): Promise<boolean> {
  dummyHash ??= hashPassword('sunplot-dummy-password');
  const target = storedHash ?? (await dummyHash);
  const ok = await verify(target, password).catch(() => false);
  return ok && storedHash != null;
}

let common: Promise<Set<string>> | undefined;

/** The 49k most common passwords of the zxcvbn-ts corpus, compared case-insensitively. */
export async function isCommonPassword(password: string): Promise<boolean> {
  common ??= import('@zxcvbn-ts/language-common').then(({ dictionary }) => new Set(dictionary['passwords-common'].map(String)));
  return (await common).has(password.toLowerCase());
}

/** A 400 on `field` when the password is a common one. */
export async function refuseCommonPassword(password: string, field = 'password') {
  if (await isCommonPassword(password)) throw invalid({ [field]: [passwordMessages.tooCommon] });
}
