// What a service throws when the code broke a promise of its own (an insert's `returning` answered
// no row, a row that does not match its schema, a statement that did not answer): a bug, never the
// request's fault. Beside DomainError (server/domain-errors.ts), which is the request's refusal in the
// domain's words; the error handler answers this one 500 and logs it.
export class BrokenPromise extends Error {
  override readonly name = "BrokenPromise";
}

/** Settings the shop cannot start with (the environment, a data file): said before anything runs. */
export class ConfigurationError extends Error {
  override readonly name = "ConfigurationError";
}
