/**
 * Stop words: two lists, one built on the other, each for the comparisons whose both sides use it.
 *
 * Until issue 16 there were three: the lexical index's (Snowball's), the extractive answerer's
 * (Snowball's and question filler) and the citation snippet's (84 words of its own). They now are:
 *
 * - STOP_WORDS, Snowball's English list, for the lexical index: what a passage is indexed by and
 *   what a question searches it by. Both sides MUST drop the same words, or a question's term
 *   would look for an index term that was never written (BM25 would score it 0 and its idf
 *   would be wrong). It stays the smaller list because BM25's idf already makes common words cheap
 *   and documentation names commands and settings with words a question-filler list drops
 *   ("git show", "kubectl get", "HTTP GET", "like" queries, "must-gather"): dropped from the index,
 *   no question could ever find them. On SciFact it beat Lucene's 33-word list by 0.002 nDCG@10 on
 *   train (0.007 on test). The larger list below, tried in the index for issue 16
 *   (bench/scifact-index-check.ts), did no better: train nDCG@10 0.681 against 0.680, recall@100
 *   0.929 against 0.931; test 0.689 either way, recall@100 0.914 against 0.911.
 * - QUESTION_STOP_WORDS, STOP_WORDS and the words with which people ask rather than say what they
 *   ask about ("explain", "tell", "show", "please", "want", "need", "know") and a few more function
 *   words ("also", "however", "via", "etc"), for comparing a question with sentences: the
 *   extractive answerer (question and sentences alike) and the citation snippet (the window with
 *   the most question words). Over a handful of passages there is no idf to speak of, and "How do
 *   I get a refund?" must be about "refund", not "get". Being a superset, it also drops Snowball's
 *   "cannot" and "ought", which the answerer's own list kept: "cannot" now reads as "can not" and
 *   "can't" did (none of the bench's 123 documentation questions has either word). The snippet's
 *   old list had "new", "see", "two" and "onto" too; they say what a question is about ("create a
 *   new branch", "two-factor", "git rebase --onto"), so they count now.
 */

/**
 * English stop words: the Snowball project's list (its contractions left out: the tokenizer reads
 * "they're" as "they" and "doesn't" as "does", and a possessive's "s", like "t" and "d", is too often
 * a word of its own: "T cells", "vitamin D").
 */
export const STOP_WORDS: ReadonlySet<string> = new Set(
  'i me my myself we our ours ourselves you your yours yourself yourselves he him his himself she her hers herself it its itself they them their theirs themselves what which who whom this that these those am is are was were be been being have has had having do does did doing would should could ought cannot a an the and but if or because as until while of at by for with about against between into through during before after above below to from up down in out on off over under again further then once here there when where why how all any both each few more most other some such no nor not only own same so than too very'.split(
    ' ',
  ),
);

/** Words that say nothing about what a question is about, the question words among them. */
export const QUESTION_STOP_WORDS: ReadonlySet<string> = new Set([
  ...STOP_WORDS,
  ...(
    'also can done either else etc ever every get gets got however just know let like may might mine much must need now one please shall ' +
    'tell thus upon us via way well whatever whenever whether whose will within without yes yet explain describe give show want wants'
  ).split(' '),
]);
