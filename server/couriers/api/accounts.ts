// A courier's API account (issue 49): the owner saves which API it speaks, where, and the credentials,
// sealed at rest (sealed-credentials.ts); the admin reads back which fields are saved, never what
// they hold. The booking, the sync and the attempts' advice build the courier's adapter from it.
// No HTTP here.
import { eq, sql } from "drizzle-orm";
import {
  COURIER_API_KINDS,
  COURIER_API_MESSAGES,
  type CourierApiAccount,
  type CourierApiInput,
  type CourierApiSettingsView,
} from "#shared/courier-api.ts";
import type { CourierApiConfig } from "../../config.ts";
import type { Db } from "../../db/client.ts";
import { courierAccounts } from "../../db/schema.ts";
import { conflict, invalid } from "../../domain-errors.ts";
import { findCourier } from "../couriers.ts";
import type { CourierApi, CourierApiKind } from "./courier-api.ts";
import { courierApiDescriptor, courierApiOptions } from "./registry.ts";
import { keyIdOf, openCredentials, sealCredentials } from "./sealed-credentials.ts";

type AccountRow = typeof courierAccounts.$inferSelect;

export async function loadCourierApiSettings(
  db: Db,
  config: CourierApiConfig,
  courierId: string,
): Promise<CourierApiSettingsView> {
  await findCourier(db, courierId);
  const row = await accountRow(db, courierId);
  return {
    keySet: config.credentialsKey !== undefined,
    account: row ? viewOf(row, config) : null,
    apis: courierApiOptions(),
  };
}

export async function saveCourierApi(
  db: Db,
  config: CourierApiConfig,
  courierId: string,
  input: CourierApiInput,
  actorUserId: string,
): Promise<CourierApiSettingsView> {
  const key = config.credentialsKey;
  if (!key) throw conflict(COURIER_API_MESSAGES.noKey);
  const courier = await findCourier(db, courierId);
  if (courier.ownRider) throw invalid(COURIER_API_MESSAGES.ownRider);
  const descriptor = courierApiDescriptor(input.api);
  const known = new Set(descriptor.credentials.map((field) => field.key));
  const unknown = Object.keys(input.credentials).find((k) => !known.has(k));
  if (unknown !== undefined) throw invalid(COURIER_API_MESSAGES.unknownCredential(unknown));

  const before = await accountRow(db, courierId);
  // A field left empty keeps what was saved for the same API; another API starts afresh.
  const kept = before && before.api === input.api ? openCredentials(key, before.keyId, before.sealedCredentials) : {};
  const credentials: Record<string, string> = {};
  for (const field of descriptor.credentials) {
    const value = input.credentials[field.key] || kept[field.key];
    if (value) credentials[field.key] = value;
  }
  const missing = descriptor.credentials.filter((field) => !field.optional && !credentials[field.key]);
  if (missing.length > 0) {
    const message = COURIER_API_MESSAGES.credentialsMissing(missing.map((f) => f.label));
    throw invalid(message, Object.fromEntries(missing.map((f) => [`credentials.${f.key}`, message])));
  }
  const baseUrl = hostOf(input, descriptor.productionUrl, descriptor.stagingUrl);
  const values = {
    api: input.api,
    baseUrl,
    sealedCredentials: sealCredentials(key, credentials),
    keyId: keyIdOf(key),
    holdHours: input.holdHours,
    enabled: input.enabled,
    updatedBy: actorUserId,
  };
  await db
    .insert(courierAccounts)
    .values({ courierId, ...values })
    // A changed account is synced at once: the owner wants to see it work.
    .onConflictDoUpdate({
      target: courierAccounts.courierId,
      set: { ...values, updatedAt: sql`now()`, nextSyncAt: sql`now()`, syncFailures: 0, lastError: null },
    });
  return loadCourierApiSettings(db, config, courierId);
}

function hostOf(input: CourierApiInput, production: string, staging: string | null): string {
  if (input.host === "custom") {
    if (!input.baseUrl) throw invalid("Please enter the API address.", { baseUrl: "Please enter the API address." });
    return input.baseUrl;
  }
  if (input.host === "staging") {
    if (!staging) throw invalid("This courier publishes no staging host: choose production or enter an address.");
    return staging;
  }
  return production;
}

export async function removeCourierApi(db: Db, courierId: string): Promise<void> {
  await findCourier(db, courierId);
  await db.delete(courierAccounts).where(eq(courierAccounts.courierId, courierId));
}

/** A courier's API with the settings it was built from, or null when the courier has no usable account. */
export interface ConnectedCourier {
  courierId: string;
  api: CourierApi;
  kind: CourierApiKind;
  label: string;
  holdHours: number;
}

/**
 * The courier's adapter, built from its saved account; null when it has none (it works by its files).
 * An account that cannot be used (switched off, no key, a key that changed) is a DomainError the
 * owner reads.
 */
export async function connectCourier(
  db: Db,
  config: CourierApiConfig,
  courierId: string,
): Promise<ConnectedCourier | null> {
  const row = await accountRow(db, courierId);
  if (!row) return null;
  return connectAccount(row, config);
}

export function connectAccount(row: AccountRow, config: CourierApiConfig): ConnectedCourier {
  if (!row.enabled) throw conflict(COURIER_API_MESSAGES.switchedOff);
  const key = config.credentialsKey;
  if (!key) throw conflict(COURIER_API_MESSAGES.noKey);
  const kind = apiKindOf(row.api);
  const descriptor = courierApiDescriptor(kind);
  let credentials: Record<string, string>;
  try {
    credentials = openCredentials(key, row.keyId, row.sealedCredentials);
  } catch (error) {
    // The owner can act on it: enter the credentials again.
    throw conflict(error instanceof Error ? error.message : String(error));
  }
  return {
    courierId: row.courierId,
    api: descriptor.create({ baseUrl: row.baseUrl, credentials, timeoutMs: config.timeoutMs }),
    kind,
    label: descriptor.label,
    holdHours: row.holdHours,
  };
}

export async function accountRow(db: Db, courierId: string): Promise<AccountRow | undefined> {
  const [row] = await db.select().from(courierAccounts).where(eq(courierAccounts.courierId, courierId));
  return row;
}

function apiKindOf(api: string): CourierApiKind {
  const kind = COURIER_API_KINDS.find((k) => k === api);
  if (!kind) throw new TypeError(`unknown courier API ${api}`);
  return kind;
}

function viewOf(row: AccountRow, config: CourierApiConfig): CourierApiAccount {
  const key = config.credentialsKey;
  let saved: string[] = [];
  if (key && row.keyId === keyIdOf(key)) {
    try {
      saved = Object.keys(openCredentials(key, row.keyId, row.sealedCredentials));
    } catch {
      saved = [];
    }
  }
  return {
    api: apiKindOf(row.api),
    baseUrl: row.baseUrl,
    savedCredentials: saved,
    holdHours: row.holdHours,
    enabled: row.enabled,
    updatedAt: row.updatedAt.toISOString(),
    lastSyncAt: row.lastSyncAt?.toISOString() ?? null,
    nextSyncAt: row.nextSyncAt.toISOString(),
    syncFailures: row.syncFailures,
    lastError: !key
      ? COURIER_API_MESSAGES.noKey
      : row.keyId !== keyIdOf(key)
        ? COURIER_API_MESSAGES.otherKey
        : row.lastError,
  };
}
