// The accounts' words and limits (docs/product.md sections 3, 5, 7 and 8), without zod: the sign-in,
// sign-up and reset pages import them, and the schemas beside them (shared/accounts.ts) would bring
// zod's 25 KB to those pages' first load (issue 54, decision 045).
export const PASSWORDS_DO_NOT_MATCH = "Passwords do not match!";
export const USER_EXISTS = "User already exists";
export const INVALID_LOGIN = "Invalid email or password";
export const SIGN_UP_SUCCESS = "Sign up successful! Please sign in.";
export const SIGNED_OUT = "Signed out successfully";
export const RESET_LINK_MINUTES = 30;
/** Passwords that may be typed on one reset link's page; then the link is dead. */
export const RESET_CONFIRM_TRIES = 5;
export const RESET_REQUESTED = `If an account exists for that e-mail, we have sent a link to confirm your new password. It expires in ${RESET_LINK_MINUTES} minutes.`;
export const PASSWORD_CHANGED = "Your password has been changed. Please sign in with your new password.";

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const USERNAME_MIN = 3;
export const USERNAME_MAX = 30;
/** The link's page when the address was proven already, e.g. by confirming an order from its mail (issue 46). */
export const EMAIL_ALREADY_VERIFIED = "Your e-mail address is already confirmed: there is nothing more to do.";
