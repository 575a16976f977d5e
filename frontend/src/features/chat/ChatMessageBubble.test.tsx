// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ChatMessageBubble } from './ChatMessageBubble';
import type { ChatMessage } from './types';

afterEach(cleanup);

const message = (sender: ChatMessage['sender'], text: string): ChatMessage => ({
  sessionId: 'ses_1',
  sender,
  text,
  timestamp: '2026-11-21T10:00:00.000Z',
  // No sources: their list needs the API provider, and is not what these tests are about.
  ...(sender === 'assistant' ? { generator: { kind: 'extractive' as const, model: 'groundwork-extractive-v1' } } : {}),
});

describe('a chat message', () => {
  it("shows a reply's fenced code as code, lines and indentation kept, without its fences", () => {
    render(<ChatMessageBubble message={message('assistant', 'To deploy it, run: [1]\n```sh\nnpm run synth\n  npx cdk deploy --all\n```\nIt takes ten minutes. [1]')} knowledgeBaseName={() => 'Docs'} />);
    const reply = screen.getByRole('article', { name: 'Reply' });
    const code = reply.querySelector('pre code');
    expect(code?.textContent).toBe('npm run synth\n  npx cdk deploy --all');
    expect(reply.querySelector('pre')?.getAttribute('data-language')).toBe('sh');
    expect(screen.getByText('To deploy it, run: [1]')).toBeTruthy();
    expect(screen.getByText('It takes ten minutes. [1]')).toBeTruthy();
    expect(reply.textContent).not.toContain('```');
  });

  it("shows the user's own text exactly as typed", () => {
    render(<ChatMessageBubble message={message('user', 'Why does ```x``` fail?')} knowledgeBaseName={() => 'Docs'} />);
    expect(screen.getByRole('article', { name: 'Your message' }).querySelector('pre')).toBeNull();
    expect(screen.getByText('Why does ```x``` fail?')).toBeTruthy();
  });

  it("renders a reply's Markdown: inline code, emphasis, lists and links that open a new tab", () => {
    const text = 'Use `slots.transition` to **replace** it: [1]\n\n- first\n- second\n\nSee the [guide](https://example.com/guide).';
    render(<ChatMessageBubble message={message('assistant', text)} knowledgeBaseName={() => 'Docs'} />);
    const reply = screen.getByRole('article', { name: 'Reply' });
    expect(reply.querySelector('p code')?.textContent).toBe('slots.transition');
    expect(reply.querySelector('strong')?.textContent).toBe('replace');
    expect([...reply.querySelectorAll('li')].map((item) => item.textContent)).toEqual(['first', 'second']);
    const link = screen.getByRole('link', { name: 'guide' });
    expect(link.getAttribute('href')).toBe('https://example.com/guide');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(reply.textContent).not.toContain('`');
    expect(reply.textContent).not.toContain('**');
    expect(reply.textContent).toContain('[1]');
  });

  it("shows a reply's headings, of any level, as bold lines rather than a page's outline", () => {
    render(<ChatMessageBubble message={message('assistant', '# Deploying\n\nRun it.\n\n#### On AWS\n\nUse the CDK.')} knowledgeBaseName={() => 'Docs'} />);
    const reply = screen.getByRole('article', { name: 'Reply' });
    expect(reply.querySelector('h1, h2, h3, h4, h5, h6')).toBeNull();
    expect(screen.getByText('Deploying').tagName).toBe('P');
    expect(screen.getByText('On AWS').tagName).toBe('P');
  });

  it('never renders HTML a reply carries, nor a script link', () => {
    const text = 'Careful <img src="x" onerror="alert(1)"> and <script>alert(2)</script> and [click](javascript:alert(3)).';
    render(<ChatMessageBubble message={message('assistant', text)} knowledgeBaseName={() => 'Docs'} />);
    const reply = screen.getByRole('article', { name: 'Reply' });
    expect(reply.querySelector('img')).toBeNull();
    expect(reply.querySelector('script')).toBeNull();
    expect(reply.querySelector('a')?.getAttribute('href') ?? '').not.toContain('javascript');
  });
});
