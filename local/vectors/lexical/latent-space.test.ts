import { describe, expect, it } from 'vitest';
import { indexTerms } from '../../../functions/domain/text-analysis/analyzers';
import { trainLatentSpace } from './latent-space';
import { TermIndex } from './term-index';

const OPTIONS = { dimensions: 4, powerIterations: 2, oversampling: 4, maximumTerms: 1000 };

/** Two topics whose words keep company (weight and body-mass index; ladders and falls), and loose documents. */
function corpus(): string[] {
  const texts: string[] = [];
  for (let i = 0; i < 12; i++) texts.push(`obesity and body mass index in adults, cohort ${i}`, `falls from a ladder at work, site ${i}`);
  texts.push('body mass index measured at school', 'ladder safety at home', 'the weather in spring', 'music lessons for children');
  return texts;
}
const cosine = (a: Float32Array, b: Float32Array) => a.reduce((sum, value, i) => sum + value * b[i]!, 0);

describe('latent space', () => {
  it('places a document near a question about its topic that shares none of its words', async () => {
    const texts = corpus();
    const index = new TermIndex(texts.map((text) => indexTerms(text)));
    const space = (await trainLatentSpace([index], OPTIONS))!;
    const documents = space.documentsOf(index)!;
    const document = (text: string) => documents.subarray(texts.indexOf(text) * space.dimensions, (texts.indexOf(text) + 1) * space.dimensions);
    const question = space.project(indexTerms('obesity'))!;
    // "body mass index measured at school" never says obesity.
    expect(cosine(question, document('body mass index measured at school'))).toBeGreaterThan(0.5);
    expect(cosine(question, document('ladder safety at home'))).toBeLessThan(0.2);
    expect(space.project(indexTerms('unheard-of words'))).toBeUndefined();
  });

  it('trains the same space from the same documents, spread over several indexes', async () => {
    const texts = corpus();
    const whole = new TermIndex(texts.map((text) => indexTerms(text)));
    const parts = [new TermIndex(texts.slice(0, 10).map((text) => indexTerms(text))), new TermIndex(texts.slice(10).map((text) => indexTerms(text)))];
    const [a, b, c] = await Promise.all([trainLatentSpace([whole], OPTIONS), trainLatentSpace([whole], OPTIONS), trainLatentSpace(parts, OPTIONS)]);
    expect(Array.from(a!.documentsOf(whole)!)).toEqual(Array.from(b!.documentsOf(whole)!));
    const question = indexTerms('obesity ladder');
    expect(Array.from(a!.project(question)!)).toEqual(Array.from(b!.project(question)!));
    // Split in two, the documents are the same ones: the second part's vectors are the tail of the whole's.
    const tail = a!.documentsOf(whole)!.subarray(10 * a!.dimensions);
    Array.from(c!.documentsOf(parts[1]!)!).forEach((value, i) => expect(value).toBeCloseTo(tail[i]!, 4));
  });

  it('answers nothing when cancelled, or when the documents are too few to span a space', async () => {
    const index = new TermIndex(corpus().map((text) => indexTerms(text)));
    const cancellation = { cancelled: false };
    const training = trainLatentSpace([index], OPTIONS, cancellation);
    cancellation.cancelled = true;
    expect(await training).toBeUndefined();
    expect(await trainLatentSpace([new TermIndex([indexTerms('one document')])], OPTIONS)).toBeUndefined();
  });
});
