import { describe, expect, it } from 'vitest';
import { extractDocument } from '../extract-document';
import { minimalPptx, plainZip } from '../../../../test/support/extraction/fixture-builders';

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

  it("reads a chart's title, its data points and its axis titles (issue 17)", async () => {
    const JSZip = (await import('jszip')).default;
    const zip = await JSZip.loadAsync(await minimalPptx([{ title: 'Results' }]));
    const c = 'xmlns:c="http://schemas.openxmlformats.org/drawingml/2006/chart" xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main"';
    const cache = (tag: string, values: string[]) => `<c:${tag}><c:ptCount val="${values.length}"/>${values.map((value, idx) => `<c:pt idx="${idx}"><c:v>${value}</c:v></c:pt>`).join('')}</c:${tag}>`;
    zip.file(
      'ppt/charts/chart1.xml',
      `<?xml version="1.0" encoding="UTF-8"?><c:chartSpace ${c}><c:chart><c:title><c:tx><c:rich><a:p><a:r><a:t>Quarterly revenue by region</a:t></a:r></a:p></c:rich></c:tx></c:title><c:plotArea><c:barChart><c:ser><c:tx><c:strRef><c:strCache><c:pt idx="0"><c:v>2024</c:v></c:pt></c:strCache></c:strRef></c:tx><c:cat><c:strRef>${cache('strCache', ['Europe', 'Asia'])}</c:strRef></c:cat><c:val><c:numRef>${cache('numCache', ['4.2', '3.1'])}</c:numRef></c:val></c:ser></c:barChart><c:valAx><c:title><c:tx><c:rich><a:p><a:r><a:t>Million EUR</a:t></a:r></a:p></c:rich></c:tx></c:title></c:valAx></c:plotArea></c:chart></c:chartSpace>`,
    );
    zip.file(
      'ppt/slides/_rels/slide1.xml.rels',
      '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId3" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/chart" Target="../charts/chart1.xml"/></Relationships>',
    );
    const document = await extract(await zip.generateAsync({ type: 'uint8array' }));
    expect(document.sections[0]?.text).toBe('Results\nQuarterly revenue by region\nEurope: 4.2\nAsia: 3.1\nMillion EUR');
  });
});
