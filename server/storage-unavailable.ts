// The image store's fault (server/catalog/blob-store.ts), known to the error handler
// (server/plugins/errors.ts) without it reaching into the catalogue.
/**
 * The store cannot be reached or refuses us (network, credentials, missing bucket): a fault of the
 * installation, not of the request, answered as 503.
 */
export class StorageUnavailableError extends Error {
  readonly operation: "read" | "write";
  constructor(operation: "read" | "write", message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.operation = operation;
  }
}
