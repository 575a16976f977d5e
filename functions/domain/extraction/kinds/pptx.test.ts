import { describe, expect, it } from 'vitest';
import { extractDocument } from '../extract-document';
import { minimalPptx, plainZip } from '../fixture-builders';

const extract = (bytes: Uint8Array) => extractDocument({ bytes, fileName: 'deck.pptx', mimeType: '' });

describe('pptx', () => {
  it('gives one section per slide in presentation order, titled, with groups, tables and notes', async () => {
    const bytes = await minimalPptx(
      [
        { title: 'Adding a Bullet Slide', body: ['Find the bullet slide layout', 'Use add_paragraph for more'] },
        { grouped: ['Inside a nested group', 'Second grouped box'], notes: 'Say this out loud' },
        { title: 'A Slide with a Table', table: [['Column 1', 'Column 2'], ['Red', 'Green']] },
      ],
      { title: 'Deck' },
    );
    const document = await extract(bytes);
    expect(document.sections).toEqual([
      { text: 'Adding a Bullet Slide\nFind the bullet slide layout\nUse add_paragraph for more', slide: 1, headings: ['Adding a Bullet Slide'] },
      { text: 'Inside a nested group\nSecond grouped box\nSay this out loud', slide: 2 },
      { text: 'A Slide with a Table\nColumn 1\tColumn 2\nRed\tGreen', slide: 3, headings: ['A Slide with a Table'] },
    ]);
    expect(document.metadata).toMatchObject({ slideCount: 3, title: 'Deck' });
  });

  it('refuses a slide that is not XML as could-not-be-parsed', async () => {
    const bytes = await minimalPptx([{ title: 'Fine' }]);
    const JSZip = (await import('jszip')).default;
    const zip = await JSZip.loadAsync(bytes);
    zip.file('ppt/slides/slide1.xml', '<p:sld><p:cSld><a:t>unclosed');
    const broken = await zip.generateAsync({ type: 'uint8array' });
    await expect(extract(broken)).rejects.toMatchObject({ failure: 'malformed', message: 'File could not be parsed' });
  });

  it('refuses a zip that is no presentation, and a truncated one', async () => {
    await expect(extract(await plainZip({ 'a.txt': 'x' }))).rejects.toMatchObject({ failure: 'unsupported_type' });
    const bytes = await minimalPptx([{ title: 'Fine' }]);
    await expect(extract(bytes.subarray(0, bytes.length - 200))).rejects.toMatchObject({ failure: expect.stringMatching(/malformed|unsupported_type/) });
  });
});
