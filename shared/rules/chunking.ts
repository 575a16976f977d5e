/**
 * Knowledge-base chunking settings (contract §15.4, spec 02 §9). Both numbers count characters,
 * as JavaScript's `String.length` does (UTF-16 code units), which is also what the browser's form
 * counts: the chunker, the API and the form agree on one unit.
 */
export const CHUNK_SIZE_RANGE = { min: 100, max: 2000, default: 500 } as const;
export const OVERLAP_RANGE = { min: 0, max: 200, default: 50 } as const;

export const CHUNKING_MESSAGES = {
  chunkSize: `Chunk size must be between ${CHUNK_SIZE_RANGE.min} and ${CHUNK_SIZE_RANGE.max}`,
  overlap: `Overlap must be between ${OVERLAP_RANGE.min} and ${OVERLAP_RANGE.max}`,
  overlapNotSmaller: 'Overlap must be smaller than chunk size',
} as const;

export interface ChunkingOptions {
  /** Most characters in one chunk, overlap included. */
  chunkSize: number;
  /** Most characters a chunk repeats from the end of the one before it. */
  overlap: number;
}

export interface ChunkingProblem {
  field: 'chunk_size' | 'overlap';
  message: string;
}

function inRange(value: unknown, range: { min: number; max: number }): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= range.min && value <= range.max;
}

/** Every broken rule, in the contract's order (§15.4); empty when the options are valid. */
export function chunkingProblems(options: { chunkSize: unknown; overlap: unknown }): ChunkingProblem[] {
  const problems: ChunkingProblem[] = [];
  const sizeValid = inRange(options.chunkSize, CHUNK_SIZE_RANGE);
  const overlapValid = inRange(options.overlap, OVERLAP_RANGE);
  if (!sizeValid) problems.push({ field: 'chunk_size', message: CHUNKING_MESSAGES.chunkSize });
  if (!overlapValid) problems.push({ field: 'overlap', message: CHUNKING_MESSAGES.overlap });
  if (sizeValid && overlapValid && (options.overlap as number) >= (options.chunkSize as number)) {
    problems.push({ field: 'overlap', message: CHUNKING_MESSAGES.overlapNotSmaller });
  }
  return problems;
}
