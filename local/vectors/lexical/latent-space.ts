import { EigenvalueDecomposition, Matrix } from 'ml-matrix';
import type { TermIndex } from './term-index';

/**
 * Latent semantic analysis (Deerwester et al., 1990) of the documents an application searches:
 * the offline stand-in for an embeddings model, trained on the knowledge bases themselves. Words
 * that keep company in the corpus ("obesity", "body-mass index") land near each other, so a
 * document can be found by a question that shares few of its words. It ranks documents beside
 * BM25, never alone (lexical-index.ts weighs it).
 *
 * The space is spanned by the top `dimensions` left singular vectors of the tf-idf term-document
 * matrix A, found by randomised SVD (Halko, Martinsson and Tropp, 2011): a sketch of A's range a
 * little wider than the space (`oversampling`), sharpened by power iterations (sparse products and
 * Gram-Schmidt), then the leading eigenvectors of the sketched documents' Gram matrix (ml-matrix).
 * A document's vector is its row of V·Σ, a question's its projection onto the same directions;
 * they are compared by cosine.
 *
 * Measured on SciFact train (bench/README.md): trained on all 5,183 documents, BM25 plus this at
 * `weight` 0.5 moved recall@100 from 0.939 to 0.946–0.949 (three random starts) at nDCG@10
 * 0.703–0.705 (0.705 without); trained on ~470 documents at a time (one knowledge base of the
 * benchmark's eleven) it moved nothing, hence one space per set of indexes searched together and
 * none under `minimumDocuments`. 128 dimensions gained about a third as much as 256; 384 no more;
 * training on passages instead of documents, or weighting Σ otherwise (Σ^0.5, Σ^0), lost a little.
 * A search rescores only the best `candidates` lexical passages of each index: at a chat's depth (a
 * dozen per index) 25 ranked as well on train as all of them, for a fraction of the cost.
 */
export const LATENT_SPACE = {
  dimensions: 256,
  powerIterations: 2,
  /** Columns the random sketch has beyond `dimensions` (Halko et al.'s oversampling). */
  oversampling: 64,
  /** Fewer documents than this train no space: too little co-occurrence to learn from. */
  minimumDocuments: 1000,
  /** The vocabulary is the terms in at least two documents, the most widespread first, up to this many. */
  maximumTerms: 30_000,
  /** How much a question's best possible lexical match (its terms' summed idf) a cosine of 1 adds. */
  weight: 0.5,
  /** The passages of an index, best lexical matches first, that a search rescores with it (more when it asks for more). */
  candidates: 25,
};

export type LatentSpaceOptions = Pick<typeof LATENT_SPACE, 'dimensions' | 'powerIterations' | 'oversampling' | 'maximumTerms'>;

/** Set `cancelled` to stop a training at its next pause; it then answers undefined. */
export interface Cancellation {
  cancelled: boolean;
}

export interface LatentSpace {
  readonly dimensions: number;
  /** Unit vectors of the index's documents, row r at r × dimensions; undefined for an index it was not trained on. */
  documentsOf(index: TermIndex): Float32Array | undefined;
  /** The unit vector of a question's distinct terms; undefined when the space knows none of them. */
  project(terms: readonly string[]): Float32Array | undefined;
}

/** The term-document matrix by term (compressed rows), tf-idf weighted, each document's column of unit length. */
interface TermMatrix {
  terms: Map<string, number>;
  idf: Float64Array;
  start: Int32Array;
  documents: Int32Array;
  values: Float64Array;
  documentCount: number;
}

async function termMatrix(indexes: readonly TermIndex[], maximumTerms: number): Promise<TermMatrix> {
  const offsets: number[] = [];
  let documentCount = 0;
  for (const index of indexes) {
    offsets.push(documentCount);
    documentCount += index.rows;
  }
  const frequencies = new Map<string, number>();
  for (const index of indexes) {
    for (const { term, rows } of index.terms()) frequencies.set(term, (frequencies.get(term) ?? 0) + rows.length);
    await pause();
  }
  const vocabulary = [...frequencies].filter(([, frequency]) => frequency >= 2 && frequency < documentCount);
  vocabulary.sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
  vocabulary.length = Math.min(vocabulary.length, maximumTerms);
  const terms = new Map(vocabulary.map(([term], position) => [term, position]));
  const idf = Float64Array.from(vocabulary, ([, frequency]) => Math.log(documentCount / frequency));

  const lists: Array<Array<{ documents: Int32Array; values: Float64Array }>> = vocabulary.map(() => []);
  for (const [member, index] of indexes.entries()) {
    for (const { term, rows, frequencies: counts } of index.terms()) {
      const position = terms.get(term);
      if (position === undefined) continue;
      lists[position]!.push({
        documents: Int32Array.from(rows, (row) => row + offsets[member]!),
        values: Float64Array.from(counts, (count) => (1 + Math.log(count)) * idf[position]!),
      });
    }
    await pause();
  }
  const start = new Int32Array(vocabulary.length + 1);
  lists.forEach((parts, position) => (start[position + 1] = start[position]! + parts.reduce((sum, part) => sum + part.documents.length, 0)));
  const documents = new Int32Array(start[vocabulary.length]!);
  const values = new Float64Array(documents.length);
  lists.forEach((parts, position) => {
    let at = start[position]!;
    for (const part of parts) {
      documents.set(part.documents, at);
      values.set(part.values, at);
      at += part.documents.length;
    }
  });
  const squares = new Float64Array(documentCount);
  for (let entry = 0; entry < values.length; entry++) squares[documents[entry]!] = squares[documents[entry]!]! + values[entry]! ** 2;
  for (let entry = 0; entry < values.length; entry++) values[entry] = values[entry]! / Math.sqrt(squares[documents[entry]!]!);
  return { terms, idf, start, documents, values, documentCount };
}

/** A seeded generator (mulberry32): the same documents always train the same space. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let mixed = Math.imul(state ^ (state >>> 15), 1 | state);
    mixed = (mixed + Math.imul(mixed ^ (mixed >>> 7), 61 | mixed)) ^ mixed;
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Lets queued requests run between slices of a training that takes seconds of CPU. The slices are a
 * column of a product or of Gram-Schmidt: a few milliseconds each for 5,000 documents.
 */
const pause = () => new Promise<void>((resume) => setImmediate(resume));

/** A × B, B being documents × k (column-major): terms × k, column-major. */
async function timesDocuments(matrix: TermMatrix, columns: Float64Array, k: number): Promise<Float64Array> {
  const termCount = matrix.start.length - 1;
  const n = matrix.documentCount;
  const out = new Float64Array(termCount * k);
  for (let column = 0; column < k; column++) {
    const base = column * n;
    for (let term = 0; term < termCount; term++) {
      let sum = 0;
      for (let entry = matrix.start[term]!; entry < matrix.start[term + 1]!; entry++) sum += matrix.values[entry]! * columns[base + matrix.documents[entry]!]!;
      out[column * termCount + term] = sum;
    }
    await pause();
  }
  return out;
}

/** Aᵀ × Y, Y being terms × k (column-major): documents × k, column-major. */
async function transposeTimes(matrix: TermMatrix, columns: Float64Array, k: number): Promise<Float64Array> {
  const termCount = matrix.start.length - 1;
  const n = matrix.documentCount;
  const out = new Float64Array(n * k);
  for (let column = 0; column < k; column++) {
    const base = column * n;
    for (let term = 0; term < termCount; term++) {
      const y = columns[column * termCount + term]!;
      if (y === 0) continue;
      for (let entry = matrix.start[term]!; entry < matrix.start[term + 1]!; entry++) out[base + matrix.documents[entry]!] = out[base + matrix.documents[entry]!]! + matrix.values[entry]! * y;
    }
    await pause();
  }
  return out;
}

/** Modified Gram-Schmidt on the k columns (column-major, `length` each), in place, pausing between columns. */
async function orthonormalise(columns: Float64Array, length: number, k: number, cancellation: Cancellation): Promise<boolean> {
  for (let column = 0; column < k; column++) {
    const at = column * length;
    for (let previous = 0; previous < column; previous++) {
      const from = previous * length;
      let dot = 0;
      for (let i = 0; i < length; i++) dot += columns[at + i]! * columns[from + i]!;
      for (let i = 0; i < length; i++) columns[at + i] = columns[at + i]! - dot * columns[from + i]!;
    }
    let norm = 0;
    for (let i = 0; i < length; i++) norm += columns[at + i]! ** 2;
    norm = Math.sqrt(norm);
    for (let i = 0; i < length; i++) columns[at + i] = norm > 1e-12 ? columns[at + i]! / norm : 0;
    await pause();
    if (cancellation.cancelled) return false;
  }
  return true;
}

/** The first `k` columns of `columns` × `rotation` (width × k): column-major, `length` rows each. */
async function rotate(columns: Float64Array, length: number, rotation: Float64Array, k: number, cancellation: Cancellation): Promise<Float64Array | undefined> {
  const width = rotation.length / k;
  const out = new Float64Array(length * k);
  for (let position = 0; position < k; position++) {
    for (let a = 0; a < width; a++) {
      const weight = rotation[a * k + position]!;
      if (weight === 0) continue;
      for (let i = 0; i < length; i++) out[position * length + i] = out[position * length + i]! + weight * columns[a * length + i]!;
    }
    await pause();
    if (cancellation.cancelled) return undefined;
  }
  return out;
}

/** Rows `from` to `from + count` of k columns (column-major, `rows` entries each), row-major Float32; of unit length when `unit`. */
function rowMajor(columns: Float64Array, rows: number, k: number, unit: boolean, from = 0, count = rows): Float32Array {
  const out = new Float32Array(count * k);
  for (let row = 0; row < count; row++) {
    let norm = 0;
    if (unit) for (let column = 0; column < k; column++) norm += columns[column * rows + from + row]! ** 2;
    const scale = !unit ? 1 : norm > 0 ? 1 / Math.sqrt(norm) : 0;
    for (let column = 0; column < k; column++) out[row * k + column] = columns[column * rows + from + row]! * scale;
  }
  return out;
}

/**
 * Trains the space of the documents of `indexes` (each a document-level term index), pausing
 * between slices of work so that the server keeps answering meanwhile. Undefined when cancelled,
 * or when the documents are too few or too alike to span `dimensions`.
 */
export async function trainLatentSpace(indexes: readonly TermIndex[], options: LatentSpaceOptions = LATENT_SPACE, cancellation: Cancellation = { cancelled: false }): Promise<LatentSpace | undefined> {
  const matrix = await termMatrix(indexes, options.maximumTerms);
  const termCount = matrix.start.length - 1;
  const n = matrix.documentCount;
  const k = Math.min(options.dimensions, Math.floor(n / 2), termCount);
  if (k < 1) return undefined;
  // The sketch is wider than the space: its leading directions are then the matrix's own, not
  // those of the random start (with as many columns as dimensions, the last few dozen were not).
  const width = Math.min(k + options.oversampling, termCount, n);
  await pause();

  // The random start is drawn over terms, whose order is the vocabulary's, and sampled through
  // A·Aᵀ: the same documents then train the same space whatever their ids or order across indexes.
  const random = seededRandom(termCount * 31 + width);
  const gaussian = () => Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
  const start = new Float64Array(termCount * width);
  for (let column = 0; column < width; column++) {
    for (let term = 0; term < termCount; term++) start[column * termCount + term] = gaussian();
    await pause();
  }
  let basis = await timesDocuments(matrix, await transposeTimes(matrix, start, width), width);
  if (!(await orthonormalise(basis, termCount, width, cancellation))) return undefined;
  for (let iteration = 0; iteration < options.powerIterations; iteration++) {
    basis = await timesDocuments(matrix, await transposeTimes(matrix, basis, width), width);
    if (!(await orthonormalise(basis, termCount, width, cancellation))) return undefined;
  }

  // The documents in the sketch's basis, then the top k singular directions among them: the
  // eigenvectors of their Gram matrix (Qᵀ·A·Aᵀ·Q, width × width), largest eigenvalues first.
  const sketched = await transposeTimes(matrix, basis, width);
  const gram = new Matrix(width, width);
  for (let a = 0; a < width; a++) {
    for (let b = a; b < width; b++) {
      let dot = 0;
      for (let j = 0; j < n; j++) dot += sketched[a * n + j]! * sketched[b * n + j]!;
      gram.set(a, b, dot);
      gram.set(b, a, dot);
    }
    await pause();
    if (cancellation.cancelled) return undefined;
  }
  // One step without pauses, a few hundred milliseconds for 5,000 documents, once per training.
  const eigen = new EigenvalueDecomposition(gram, { assumeSymmetric: true });
  const leading = eigen.realEigenvalues
    .map((value, column) => ({ value, column }))
    .sort((x, y) => y.value - x.value)
    .slice(0, k);
  const vectors = eigen.eigenvectorMatrix;
  const rotation = new Float64Array(width * k);
  leading.forEach(({ column }, position) => {
    for (let a = 0; a < width; a++) rotation[a * k + position] = vectors.get(a, column);
  });

  const documentVectors = await rotate(sketched, n, rotation, k, cancellation);
  // Each term's coordinates on the k directions, row-major: a question's few terms each read one
  // contiguous row, and a search does no more than that.
  const termVectors = documentVectors && (await rotate(basis, termCount, rotation, k, cancellation));
  if (!documentVectors || !termVectors) return undefined;
  const byIndex = new Map<TermIndex, Float32Array>();
  let offset = 0;
  for (const index of indexes) {
    byIndex.set(index, rowMajor(documentVectors, n, k, true, offset, index.rows));
    offset += index.rows;
  }
  const termRows = rowMajor(termVectors, termCount, k, false);

  return latentSpace(k, byIndex, matrix.terms, matrix.idf, termRows);
}

/** The trained space, holding only what searches read (not the training's matrices). */
function latentSpace(k: number, byIndex: ReadonlyMap<TermIndex, Float32Array>, terms: ReadonlyMap<string, number>, idf: Float64Array, termRows: Float32Array): LatentSpace {
  const project = (questionTerms: readonly string[]): Float32Array | undefined => {
    const vector = new Float64Array(k);
    let known = false;
    for (const term of questionTerms) {
      const position = terms.get(term);
      if (position === undefined) continue;
      known = true;
      const weight = idf[position]!;
      for (let column = 0; column < k; column++) vector[column] = vector[column]! + weight * termRows[position * k + column]!;
    }
    if (!known) return undefined;
    let norm = 0;
    for (const value of vector) norm += value * value;
    return norm > 0 ? Float32Array.from(vector, (value) => value / Math.sqrt(norm)) : undefined;
  };
  let lastProjected: { terms: readonly string[]; vector: Float32Array | undefined } | undefined;
  return {
    dimensions: k,
    documentsOf: (index) => byIndex.get(index),
    project(questionTerms) {
      // The indexes of one search all ask with the same terms.
      if (questionTerms === lastProjected?.terms) return lastProjected.vector;
      const vector = project(questionTerms);
      lastProjected = { terms: questionTerms, vector };
      return vector;
    },
  };
}
