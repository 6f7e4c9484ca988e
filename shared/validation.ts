// Small zod helpers shared by the API and the forms.
import type { z } from "zod";

/** The first problem of a failed parse, worded for a person. */
export function firstIssueMessage(error: z.ZodError): string {
  const issue = error.issues[0];
  return issue?.message ?? "The request is not valid.";
}
