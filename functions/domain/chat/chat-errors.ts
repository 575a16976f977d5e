/** Domain failures of a send (§17.4); the HTTP layer words them. */

/** The session disappeared (deleted with its application) while the reply was being made. */
export class SessionGoneError extends Error {}

/** Retrieval failed for every knowledge base searched: nothing can be answered, nothing is stored. */
export class RetrievalFailedError extends Error {
  constructor(override readonly cause: unknown) {
    super(`Retrieval failed: ${(cause as Error)?.message ?? String(cause)}`);
  }
}

/** The model did not answer within the time a send has (§17.4: 25 s). */
export class GenerationTimeoutError extends Error {}

/** The model refused or failed. */
export class GenerationFailedError extends Error {
  constructor(override readonly cause: unknown) {
    super(`Generation failed: ${(cause as Error)?.message ?? String(cause)}`);
  }
}
