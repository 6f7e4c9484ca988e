// The accounts half of the API contract (docs/product.md sections 3, 5, 7 and 8): request schemas used
// by the server and by the sign-up, login and reset forms, and the exact messages of the spec.
import { strictBody } from "./strict-body.ts";
import { z } from "./zod.ts";

export * from "./account-words.ts";

import {
  INVALID_LOGIN,
  PASSWORD_MAX,
  PASSWORD_MIN,
  PASSWORDS_DO_NOT_MATCH,
  USERNAME_MAX,
  USERNAME_MIN,
} from "./account-words.ts";

const EMAIL_MAX = 254;

/** What a signed-in user looks like on the wire. */
export interface AccountUser {
  _id: string;
  email: string;
  username: string;
  role: "customer" | "admin";
}

const typed = (missing: string, wrongType: string) => ({
  error: (issue: { input: unknown }) => (issue.input === undefined ? missing : wrongType),
});

export const emailSchema = z
  .string(typed("Please enter your email.", "The email must be text."))
  .trim()
  .toLowerCase()
  .pipe(
    z
      .email({ error: "Please enter a valid email address." })
      .max(EMAIL_MAX, { error: `An email address can be at most ${EMAIL_MAX} characters long.` }),
  );

/** A new password: the length rules. The server also refuses the most common passwords. */
export const newPasswordSchema = z
  .string(typed("Please enter a password.", "The password must be text."))
  .min(PASSWORD_MIN, { error: `Your password must be at least ${PASSWORD_MIN} characters long.` })
  .max(PASSWORD_MAX, { error: `Your password can be at most ${PASSWORD_MAX} characters long.` });

const usernameSchema = z
  .string(typed("Please enter a username.", "The username must be text."))
  .trim()
  .min(USERNAME_MIN, { error: `Your username must be at least ${USERNAME_MIN} characters long.` })
  .max(USERNAME_MAX, { error: `Your username can be at most ${USERNAME_MAX} characters long.` })
  .regex(/^[A-Za-z0-9_.-]+$/, {
    error: "A username may only use letters, digits, underscores (_), dots (.) and hyphens (-).",
  });

export const signupSchema = strictBody({ email: emailSchema, password: newPasswordSchema, username: usernameSchema });
export type SignupInput = z.output<typeof signupSchema>;

export const loginSchema = strictBody({
  email: emailSchema,
  password: z
    .string(typed("Please enter your password.", "The password must be text."))
    .min(1, { error: "Please enter your password." })
    .max(PASSWORD_MAX, { error: INVALID_LOGIN }),
});
export type LoginInput = z.output<typeof loginSchema>;

export const resetSchema = strictBody({
  email: emailSchema,
  newPassword: newPasswordSchema,
  confirmPassword: z.string(typed("Please confirm your new password.", "The password must be text.")),
}).refine((v) => v.newPassword === v.confirmPassword, { error: PASSWORDS_DO_NOT_MATCH, path: ["confirmPassword"] });
export type ResetInput = z.output<typeof resetSchema>;

export const RESET_CONFIRM_PASSWORD_MISSING = "Please type the new password you chose when you asked for this link.";

/**
 * The page the mail opens sends the link's token and the new password typed once more; the server
 * compares it with the pending one, so only the person who chose it and holds the mailbox can finish.
 */
export const resetConfirmSchema = strictBody({
  token: z
    .string(typed("The link has no token. Please open the link from the e-mail again.", "The token must be text."))
    .regex(/^[A-Za-z0-9_-]{43}$/, {
      error: "This link is not valid. Please open the link from the e-mail again or ask for a new one.",
    }),
  newPassword: z
    .string(typed(RESET_CONFIRM_PASSWORD_MISSING, "The password must be text."))
    .min(1, { error: RESET_CONFIRM_PASSWORD_MISSING })
    .max(PASSWORD_MAX, { error: `Your password can be at most ${PASSWORD_MAX} characters long.` }),
});
export type ResetConfirmInput = z.output<typeof resetConfirmSchema>;

/** A shopper's own shoe size (SPEC's EU sizes), kept on the account; null forgets it. */
export const mySizeSchema = strictBody({
  size: z.union([z.int().min(37).max(46), z.null()], {
    error: "Your size must be a whole EU size from 37 to 46, or null to forget it.",
  }),
});

/** How long the sign-up's 'confirm your e-mail' link works (docs/decisions/024). */
export const VERIFY_LINK_DAYS = 7;
export const EMAIL_VERIFIED = "Thank you: your e-mail address is confirmed.";
export const VERIFY_LINK_INVALID =
  "This link is not valid. Please open the link from the e-mail again, exactly as it was sent.";
export const VERIFY_LINK_EXPIRED = `This link has expired (links last ${VERIFY_LINK_DAYS} days). No need to sign up again: confirming your next order from its e-mail confirms your address too.`;

/** The press on the sign-up mail's link: the token it carries. */
export const verifyEmailSchema = strictBody({
  token: z
    .string(typed("The link has no token. Please open the link from the e-mail again.", "The token must be text."))
    .max(200, { error: VERIFY_LINK_INVALID }),
});
