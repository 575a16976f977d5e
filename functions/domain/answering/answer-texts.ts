/**
 * What the assistant says when the application's knowledge bases hold nothing that answers the
 * question (§17.4: "the assistant says so"). Models are asked to say exactly this, so the reply
 * reads the same whichever model answered.
 */
export const NOTHING_RELEVANT = "I couldn't find anything relevant to your question in this application's knowledge bases.";

/** Whether a model's reply is (essentially) the not-found answer, so it cites nothing. */
export function saysNothingRelevant(text: string): boolean {
  const normalise = (value: string) => value.toLowerCase().replace(/[’']/g, "'").replace(/[^a-z' ]+/g, ' ').replace(/\s+/g, ' ').trim();
  return normalise(text).startsWith(normalise(NOTHING_RELEVANT).slice(0, 40));
}
