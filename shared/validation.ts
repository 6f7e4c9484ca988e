// Small zod helpers shared by the API and the forms.
import type { z } from "zod";

/** The first problem of a failed parse, worded for a person. */
export function firstIssueMessage(error: z.ZodError): string {
  const issue = error.issues[0];
  return issue?.message ?? "The request is not valid.";
}

/** Each invalid field's first message, keyed by its dotted path ("shippingAddress.phoneNumber", "items.0.size"). */
export type FieldMessages = Record<string, string>;

export interface IssueSummary {
  /** One sentence for a person: the first problem, and how many other fields need correcting. */
  message: string;
  /** Every invalid field at once, so a form can mark them all in one go. */
  fields: FieldMessages;
}

/**
 * Every problem of a failed parse, one message per field. A problem with the whole input (not an
 * object, a rule across fields without a path) has no field: it shows in `message` only. Unknown
 * keys of a strict object each count as a field of their own, named by their path.
 */
export function summariseIssues(error: z.ZodError): IssueSummary {
  // A Map, then Object.fromEntries: a key such as "__proto__" stays an ordinary field name.
  const byPath = new Map<string, z.core.$ZodIssue>();
  for (const issue of error.issues) {
    const base = issue.path.map(String);
    const paths = issue.code === "unrecognized_keys" ? issue.keys.map((key) => [...base, key]) : [base];
    for (const path of paths) {
      const key = path.join(".");
      if (!byPath.has(key)) byPath.set(key, issue);
    }
  }
  const first = error.issues[0];
  const firstMessage = first?.message ?? "The request is not valid.";
  // Fields the first message does not already speak of (one "Unexpected fields: a, b." names both).
  const others = [...byPath].filter(([path, issue]) => path !== "" && issue !== first).length;
  const message =
    others > 0
      ? `${asSentence(firstMessage)} ${others} more field${others > 1 ? "s" : ""} also need${others > 1 ? "" : "s"} correcting.`
      : firstMessage;
  byPath.delete("");
  return { message, fields: Object.fromEntries([...byPath].map(([path, issue]) => [path, issue.message])) };
}

const asSentence = (text: string) => (/[.!?]$/.test(text) ? text : `${text}.`);
