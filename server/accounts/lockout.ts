// Who may try a password now (docs/security.md "Rate limits"). A lockout that anyone can trigger
// is a lever to lock the owner out, so no single rule refuses the owner's own browser:
// - per account and address: 5 failures, then waits that double (1, 2, 4, 8, 15 minutes…), so an
//   attacker's address is slowed and every other address is not;
// - per account, for unknown devices only: 10 failures in 15 minutes from browsers that never signed
//   in to it (from any number of addresses) stop such browsers until the window ends, which is what
//   holds back an attack spread over many addresses;
// - a known device (server/accounts/known-devices.ts) skips both rules above and has its own
//   progressive delays instead, so a stolen device cookie is as slow as one address. It skips the
//   address's delay too because an address is often shared (a carrier's NAT puts a whole
//   neighbourhood behind one): others' failures there must not keep the owner's browser waiting.
// A success forgets the delays it waited on (the address's, or the known device's own: a known
// device's success never lifts the wait others earned on its address); the per-account window runs
// out by itself.
import type { DelayCounter, FailureCounter } from "../plugins/rate-limit.ts";
import type { KnownDevices } from "./known-devices.ts";

export interface SignInAttempt {
  email: string;
  address: string;
  /** The request's Cookie header. */
  cookies: string | undefined;
}

export interface Lockout {
  /** Seconds this attempt must wait (0: it may try), and the known device it comes from. */
  check(attempt: SignInAttempt): Promise<{ wait: number; deviceId: string | undefined }>;
  failed(attempt: SignInAttempt, deviceId: string | undefined): Promise<void>;
  /** Forgets this address's and device's delays; answers the Set-Cookie that keeps the device known. */
  succeeded(attempt: SignInAttempt, deviceId: string | undefined): Promise<string>;
}

/** The delay counters' keys: one per account and address, one per account and known device. */
export const delayKeyOf = {
  address: (email: string, address: string) => `address\n${email}\n${address}`,
  device: (email: string, deviceId: string) => `device\n${email}\n${deviceId}`,
};

export function createLockout(counters: {
  failedLogins: FailureCounter;
  loginDelays: DelayCounter;
  devices: KnownDevices;
}): Lockout {
  const { failedLogins, loginDelays, devices } = counters;
  const byAddress = ({ email, address }: SignInAttempt) => delayKeyOf.address(email, address);
  const byDevice = delayKeyOf.device;
  return {
    async check(attempt) {
      const deviceId = await devices.deviceOf(attempt.email, attempt.cookies);
      if (deviceId) return { wait: await loginDelays.blockedFor(byDevice(attempt.email, deviceId)), deviceId };
      const waits = await Promise.all([
        loginDelays.blockedFor(byAddress(attempt)),
        failedLogins.blockedFor(attempt.email),
      ]);
      return { wait: Math.max(...waits), deviceId };
    },
    async failed(attempt, deviceId) {
      if (deviceId) return loginDelays.recordFailure(byDevice(attempt.email, deviceId));
      await Promise.all([loginDelays.recordFailure(byAddress(attempt)), failedLogins.recordFailure(attempt.email)]);
    },
    async succeeded(attempt, deviceId) {
      await loginDelays.clear(deviceId ? byDevice(attempt.email, deviceId) : byAddress(attempt));
      return devices.cookieFor(attempt.email, deviceId);
    },
  };
}
