/**
 * A JSON document as tests, benchmarks and fakes read it: they pick the fields they assert or
 * answer, and the contract's zod schemas check whole shapes elsewhere (test/contract).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- reading arbitrary fields of parsed JSON is the point here
export type Json = Record<string, any>;
