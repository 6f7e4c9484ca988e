// The owner's request bodies: an object with exactly the fields a call takes. Its own module so the
// admin schemas of products (admin.ts) and of orders (admin-orders.ts) can both use it without
// importing each other.
import { z } from "./zod.ts";

/** Extra fields (role, _id, archivedAt, …) are refused with their names, never silently dropped. */
export const strictBody = <T extends z.core.$ZodLooseShape>(shape: T) =>
  z.strictObject(shape, {
    error: (issue) =>
      issue.code === "unrecognized_keys"
        ? `Unexpected field${issue.keys.length > 1 ? "s" : ""}: ${issue.keys.join(", ")}.`
        : "Send the details as a JSON object.",
  });
