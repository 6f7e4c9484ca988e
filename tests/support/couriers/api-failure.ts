// What a courier adapter's call failed with: the CourierApiError every adapter test reads (its
// failure kind and the owner's message).
import { expect } from "vitest";
import { CourierApiError } from "#server/couriers/api/courier-api.ts";

export async function apiFailure(promise: Promise<unknown>): Promise<CourierApiError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(CourierApiError);
  return error as CourierApiError;
}
