import { describe, expect, it } from 'vitest';
import { contentTerms, indexTerms, questionWords } from './analyzers';

describe('indexTerms (the lexical index)', () => {
  it('folds accents and case, splits at punctuation, drops stop words, stems English words', () => {
    expect(indexTerms('The Café’s STUDIES of cells, running-shoes and généralisation!')).toEqual(['cafe', 's', 'studi', 'cell', 'run', 'shoe', 'generalis', 'runningsho']);
  });

  it('keeps numbers and words of any script, and drops tokens too long to be typed', () => {
    expect(indexTerms(`COVID-19 in 2020 при гриппе ${'x'.repeat(41)}`)).toEqual(['covid', '19', '2020', 'при', 'гриппе']);
  });

  it('gives a question and a passage the same terms for the same words', () => {
    expect(indexTerms('How are refunds processed?')).toEqual(indexTerms('refund processing'));
  });

  it('keeps single letters and digits, and the words documentation names commands with', () => {
    expect(indexTerms('T cells and type 2 diabetes: git show, kubectl get')).toEqual(['t', 'cell', 'type', '2', 'diabet', 'git', 'show', 'kubectl', 'get']);
  });

  it('keeps a keyword named as one (the `with` statement, a `for` loop) as a term, though it is a stop word', () => {
    expect(indexTerms('Use it in a with statement; the :keyword:`with` statement; ``for`` loops')).toEqual(['use', 'statement', 'keyword', 'statement', 'loop', 'with', 'with', 'for']);
    expect(contentTerms('How can I use it in a with statement?')).toEqual(['use', 'statement', 'with']);
    expect(indexTerms('Done with it, and for now.')).toEqual(['done', 'now']);
  });

  it('reads a contraction as its word on both sides: "they\'re" is no search for Python\'s re module', () => {
    expect(contentTerms("Once they're installed, why doesn't it run?")).toEqual(['instal', 'run']);
    expect(indexTerms("Once they're all done, why doesn't it run?")).toEqual(['done', 'run']);
  });

  it('reads a hyphenated word as its parts and as the closed word too', () => {
    expect(indexTerms('a non-zero status, a read-only view')).toEqual(['non', 'zero', 'status', 'read', 'view', 'nonzero', 'readon']);
    expect(indexTerms('a nonzero status')).toEqual(['nonzero', 'status']);
    expect(contentTerms('Send an e-mail, not IL-6 or well-known-words')).toEqual(['send', 'mail', 'il', 'known', 'word', 'email']);
  });

  it('reads a protocol named with its version as one term too, spelled as a page name spells it', () => {
    expect(indexTerms('Serve it over HTTP/2 or HTTP/1.1')).toEqual(['serv', 'http', '2', 'http', '1', '1', 'http2', 'http1.1']);
    expect(contentTerms('How can I serve my application over HTTP/2?')).toEqual(['serv', 'applic', 'http', 'http2']);
    expect(indexTerms('and/or 1/2 a/b/3')).toEqual(['1', '2', 'b', '3']);
  });

  it('keeps short options as terms of their own, their case kept, but not a hyphen inside a word, a number or a path', () => {
    expect(indexTerms('What does pytest -s do?')).toEqual(['pytest', 's', '-s']);
    expect(indexTerms('Pass -W, not -w, or -rA')).toEqual(['pass', 'w', 'w', 'ra', '-W', '-w', '-rA']);
    expect(indexTerms('e-mail a T-cell -1 ./a-b')).toEqual(['e', 'mail', 't', 'cell', '1', 'b', 'email', 'tcell']);
    expect(contentTerms('What does pytest -s do?')).toEqual(['pytest', '-s']);
  });

  it('keeps operators of two or three symbols as terms, not markup, dashes or URLs', () => {
    expect(indexTerms('What does the := operator do?')).toEqual(['oper', ':=']);
    expect(indexTerms('if (n := len(a)) > 10: x **= 2; y //= 3; f() -> int')).toEqual(['n', 'len', '10', 'x', '2', 'y', '3', 'f', 'int', ':=', '**=', '//=', '->']);
    expect(indexTerms('Example:: see https://docs.python.org -- or --all; >>> print(1)')).toEqual(['exampl', 'see', 'https', 'doc', 'python', 'org', 'print', '1']);
  });
});

describe('contentTerms (the extractive answerer)', () => {
  it('reads a question for what it is about: question filler and single letters left out, words stemmed', () => {
    expect(contentTerms('Please explain how I get refunds for the café’s orders')).toEqual(['refund', 'cafe', 'order']);
  });

  it('keeps identifiers too long for the index, which people paste into questions', () => {
    expect(contentTerms('Set imageAssetPublishingRoleAdditionalOptions')).toEqual(['set', 'imageassetpublishingroleadditionalopt']);
  });

  it('keeps repeats in order, for bigrams', () => {
    expect(contentTerms('refund policy, refund window')).toEqual(['refund', 'polici', 'refund', 'window']);
  });

  it('reads a dotted number as one term, so "3.10" does not meet the "10" of "10-15%"', () => {
    expect(contentTerms('Is Python 3.11 faster than 3.10?')).toEqual(['python', '3.11', 'faster', '3.10']);
    expect(contentTerms('Startup is 10-15% faster in 3.11.')).toEqual(['startup', '10', '15', 'faster', '3.11']);
    expect(contentTerms('Listen on 127.0.0.1 or v2.5x')).toEqual(['listen', '127.0.0.1', 'v2', '5x']);
  });

  it('reads operators after the words, as the index does, but not Markdown\'s strong emphasis or a URL\'s "://"', () => {
    expect(contentTerms('What does the := operator do?')).toEqual(['oper', ':=']);
    expect(contentTerms('| `:=` | Assignment expression |')).toEqual(['assign', 'express', ':=']);
    expect(contentTerms('**Note:** call f(**kwargs) at https://example.org')).toEqual(['note', 'call', 'kwarg', 'https', 'exampl', 'org', '**']);
  });
});

describe('questionWords (citation snippets)', () => {
  it('gives the distinct, folded, unstemmed words of at least three letters that are not filler', () => {
    expect(questionWords('When does the Harbour freeze? Tell me about the harbour in été, 2 new ways')).toEqual(['harbour', 'freeze', 'ete', 'new', 'ways']);
  });
});
