import { describe, expect, it } from 'vitest';
import { isSupportedType, planDriveImport } from './drive-file-types';

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

describe('planDriveImport (§12.2)', () => {
  it('exports Google Docs, Sheets and Slides as docx, xlsx and pptx, naming them so', () => {
    expect(planDriveImport({ name: 'Plan', mimeType: 'application/vnd.google-apps.document' })).toEqual({
      ok: true,
      plan: { name: 'Plan.docx', mimeType: DOCX, exportMimeType: DOCX, declaredSize: 0 },
    });
    const sheet = planDriveImport({ name: 'Budget.xlsx', mimeType: 'application/vnd.google-apps.spreadsheet' });
    expect(sheet.ok && sheet.plan).toMatchObject({ name: 'Budget.xlsx', exportMimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
    const slides = planDriveImport({ name: 'Deck', mimeType: 'application/vnd.google-apps.presentation' });
    expect(slides.ok && slides.plan.name).toBe('Deck.pptx');
  });

  it('downloads accepted types at their declared size, and refuses the rest with the contract’s reasons', () => {
    expect(planDriveImport({ name: 'notes.md', mimeType: 'text/markdown', size: '120' })).toEqual({ ok: true, plan: { name: 'notes.md', mimeType: 'text/markdown', declaredSize: 120 } });
    // Drive's own guess of a type is replaced by the accepted one of the name's kind.
    const pdf = planDriveImport({ name: 'scan.pdf', mimeType: 'application/octet-stream', size: '10' });
    expect(pdf.ok && pdf.plan.mimeType).toBe('application/pdf');
    expect(planDriveImport({ name: 'clip.mp4', mimeType: 'video/mp4', size: '10' })).toEqual({ ok: false, message: 'File type not accepted' });
    expect(planDriveImport({ name: 'Survey', mimeType: 'application/vnd.google-apps.form' })).toEqual({ ok: false, message: 'File type not accepted' });
    expect(planDriveImport({ name: 'Folder', mimeType: 'application/vnd.google-apps.folder' })).toEqual({ ok: false, message: 'File type not accepted' });
    expect(planDriveImport({ name: 'big.pdf', mimeType: 'application/pdf', size: String(52_428_801) })).toEqual({ ok: false, message: 'File size exceeds 50MB limit' });
    expect(planDriveImport({ name: 'edge.pdf', mimeType: 'application/pdf', size: String(52_428_800) }).ok).toBe(true);
  });

  it('says supported by type alone (§12.1), a large file of an accepted type included', () => {
    expect(isSupportedType({ name: 'big.pdf', mimeType: 'application/pdf' })).toBe(true);
    expect(isSupportedType({ name: 'Plan', mimeType: 'application/vnd.google-apps.document' })).toBe(true);
    expect(isSupportedType({ name: 'photo.jpg', mimeType: 'image/jpeg' })).toBe(false);
  });
});
