// From sign-up to /login without typing the password twice (issue 46). SPEC's flow after sign-up is
// the message 'Sign up successful! Please sign in.' and /login (docs/product.md section 8), and the
// sign-up answer carries no token (`{ message, user }`), so the customer still signs in there; the
// sign-up page hands the e-mail and password it just sent to that page, which fills them in. The
// password lives in this page's memory only: never in storage nor in the history entry (which the
// browser keeps on disk), gone with a reload, and forgotten once /login holds it.
interface SignedUp {
  email: string;
  password: string;
}

let handed: SignedUp | undefined;

export function handOverSignUp(signedUp: SignedUp): void {
  handed = signedUp;
}

/** What the sign-up just sent; undefined on the server, after a reload and once forgotten. */
export function signedUpJustNow(): SignedUp | undefined {
  return handed;
}

/** Called once /login holds the details (an effect, so a render may read them again). */
export function forgetSignUp(): void {
  handed = undefined;
}
