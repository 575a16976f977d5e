// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { SourcePassageDialog } from './SourcePassageDialog';

afterEach(cleanup);

describe('SourcePassageDialog', () => {
  it('shows the whole passage as plain text, wrapping long tokens and scrolling rather than cutting', () => {
    const url = `https://docs.example.com/${'very-long-path-segment/'.repeat(12)}install`;
    render(
      <SourcePassageDialog
        citation={{ documentId: 'd-1', name: 'install.md', knowledgeBaseId: 'kb-1', snippet: `## Install Run **npm start** then open [the docs](${url}) at ${url}`, score: 0.8, sourceType: 'file', url: null }}
        knowledgeBaseName="Docs"
        canDownload={false}
        downloadProblem={undefined}
        onDownload={() => undefined}
        onClose={() => undefined}
      />,
    );
    const passage = screen.getByTestId('cited-passage');
    expect(passage.textContent).toBe(`Install Run npm start then open the docs at ${url}`);
    const style = getComputedStyle(passage);
    expect(style.overflowWrap).toBe('anywhere');
    expect(style.overflowY).toBe('auto');
  });
});
