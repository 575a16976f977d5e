import { describe, expect, it } from 'vitest';
import { extractDocument } from '../extract-document';
import { minimalPpt } from '../../../../test/support/extraction/fixture-builders';

const extract = (bytes: Uint8Array) => extractDocument({ bytes, fileName: 'deck.ppt', mimeType: 'application/vnd.ms-powerpoint' });

describe('ppt (PowerPoint 97–2003)', () => {
  it('reads the live slides in order: placeholder text from the slide list, text boxes from the slide', async () => {
    const document = await extract(
      minimalPpt([
        { title: 'Adding a Bullet Slide', body: 'Find the bullet slide layout\nUse TextFrame', textBox: 'Here is some text in a text box, café' },
        { title: 'Second Slide', body: 'Más texto en español' },
      ]),
    );
    expect(document.sections).toEqual([
      {
        text: 'Adding a Bullet Slide\nFind the bullet slide layout\nUse TextFrame\nHere is some text in a text box, café',
        slide: 1,
        headings: ['Adding a Bullet Slide'],
      },
      { text: 'Second Slide\nMás texto en español', slide: 2, headings: ['Second Slide'] },
    ]);
    expect(document.text).not.toContain('STALE');
    expect(document.metadata.slideCount).toBe(2);
  });

  it('falls back to the text of every slide in stream order when the edit chain is missing', async () => {
    const document = await extract(minimalPpt([{ title: 'Only Slide', body: 'Body text', textBox: 'Box text' }], { withoutCurrentUser: true }));
    expect(document.sections).toHaveLength(1);
    expect(document.sections[0]!.slide).toBeUndefined();
    expect(document.text).toContain('Only Slide\nBody text');
    expect(document.text).toContain('Box text');
  });

  it('refuses an encrypted presentation as password-protected', async () => {
    await expect(extract(minimalPpt([{ title: 'Secret', body: 'x' }], { encrypted: true }))).rejects.toMatchObject({
      failure: 'password_protected',
      message: 'File is password-protected',
    });
  });
});
