// Password hashing (argon2id with the OWASP parameters of docs/architecture.md section 1) and the policy
// the length rules of the shared schema leave to the server.
import { hash, type Options, verify } from "@node-rs/argon2";
import { isCommonPassword } from "./common-passwords.ts";

// 2 is Algorithm.Argon2id: the package's const enum cannot be imported under type stripping.
const ARGON2: Options = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export const hashPassword = (password: string): Promise<string> => hash(password, ARGON2);

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    // A malformed stored hash is a failed sign-in, not a crash.
    return false;
  }
}

let dummyHash: Promise<string> | undefined;
/** A hash of a random password, so an unknown e-mail costs the same verification as a known one. */
export const dummyPasswordHash = (): Promise<string> => {
  dummyHash ??= hashPassword(crypto.randomUUID());
  return dummyHash;
};

/** Why a new password is refused, or undefined when it is acceptable. */
export function passwordProblem(password: string): string | undefined {
  if (isCommonPassword(password)) {
    return "That password is one of the most common passwords, which attackers try first. Please choose another.";
  }
  return undefined;
}
