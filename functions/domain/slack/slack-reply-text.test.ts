import { describe, expect, it } from 'vitest';
import { slackReplyText } from './slack-reply-text';

describe('slackReplyText', () => {
  it('lists the sources under the answer, numbered as the markers, linking those with a URL', () => {
    const text = slackReplyText({
      text: 'Deploy with cdk deploy [1], after a synth [2].',
      generator: { kind: 'llm', model: 'claude-3-sonnet' },
      sources: [
        { documentId: 'ds_1', name: 'deployment.md', knowledgeBaseId: 'kb_1', snippet: '', score: 1, sourceType: 'file', url: null },
        { documentId: 'ws_1', name: 'Guide | CDK', knowledgeBaseId: 'kb_1', snippet: '', score: 1, sourceType: 'web', url: 'https://example.com/cdk' },
      ],
    });
    expect(text).toBe('Deploy with cdk deploy [1], after a synth [2].\n\n*Sources*\n[1] deployment.md\n[2] <https://example.com/cdk|Guide ¦ CDK>');
  });

  it('labels an extractive reply and escapes what Slack would read as markup', () => {
    expect(slackReplyText({ text: 'Use <b> & co', generator: { kind: 'extractive', model: 'x' }, sources: [] })).toBe('_Extracted answer — no language model_\n\nUse &lt;b&gt; &amp; co');
  });
});
