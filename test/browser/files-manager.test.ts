import JSZip from 'jszip';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../support/browser';
import { removeDataDir, startTestPlatform } from '../support/local-platform-fixture';
import { expectText, newSession, signIn } from '../support/people';

/**
 * The file manager end to end (spec 02 Files page; contract §9, §10): real uploads through presigned
 * PUTs to the embedded object store, ingest turning them active, folders, drag-and-drop, the move
 * dialog's refusal, and the bulk delete behind the browser confirm. The tests share one signed-in
 * page and build on each other's files and folders, in order.
 */

let platform: Awaited<ReturnType<typeof startTestPlatform>>;
let browser: Browser;
let context: BrowserContext;
let page: Page;

const PDF_NAME = 'employee-handbook.pdf';
const DOCX_NAME = 'onboarding-guide.docx';

beforeAll(async () => {
  platform = await startTestPlatform();
  browser = await launchChromium();
  ({ context, page } = await newSession(browser));
  // Records what the upload transfer reports (XMLHttpRequest upload progress) and whether a progress
  // bar was drawn: the files are tiny, so both are over long before a poll could see them.
  await page.addInitScript(() => {
    const seen = { progress: [] as Array<{ loaded: number; total: number }>, bars: 0 };
    (window as unknown as { __uploads: typeof seen }).__uploads = seen;
    const open = XMLHttpRequest.prototype.open;
    XMLHttpRequest.prototype.open = function (this: XMLHttpRequest, ...args: Parameters<XMLHttpRequest['open']>) {
      this.upload.addEventListener('progress', (event) => seen.progress.push({ loaded: event.loaded, total: event.total }));
      return open.apply(this, args);
    } as XMLHttpRequest['open'];
    new MutationObserver(() => {
      if (document.querySelector('[data-testid="upload-progress"]')) seen.bars += 1;
    }).observe(document, { subtree: true, childList: true });
  });
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await platform?.stop();
  if (platform) removeDataDir(platform.dataDir);
});

let signedIn = false;

async function openFiles(): Promise<void> {
  // expect.poll (inside signIn) only works within a test, so the first test signs in.
  if (!signedIn) {
    await signIn(page, platform.url, platform.credentials.ADMIN.email, platform.credentials.ADMIN.password, '/dashboard');
    signedIn = true;
  }
  await page.goto(`${platform.url}/data-sources`);
  await expect.poll(() => page.getByTestId('page-title').innerText(), { timeout: 15_000 }).toBe('Files');
}

const fileRow = (name: string): Locator => page.getByTestId('file-row').filter({ has: page.getByRole('button', { name, exact: true }) });
const folderRow = (name: string): Locator => page.getByTestId('folder-row').filter({ has: page.getByRole('button', { name, exact: true }) });

async function createFolder(name: string): Promise<void> {
  await page.getByRole('button', { name: 'Create Folder' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Create Folder' });
  await dialog.getByTestId('name-input').fill(name);
  await dialog.getByRole('button', { name: 'Create Folder' }).click();
  await expectText(page, 'Folder created successfully');
  await expect.poll(() => folderRow(name).count(), { timeout: 15_000 }).toBe(1);
}

describe('files: the file manager', () => {
  it('uploads a PDF and a DOCX with progress, and both become active', async () => {
    await openFiles();
    await page.getByRole('button', { name: 'Upload Files' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Upload Files' });
    expect(await dialog.getByText('Click to upload').isVisible()).toBe(true);

    await dialog.getByTestId('upload-input').setInputFiles([
      { name: PDF_NAME, mimeType: 'application/pdf', buffer: minimalPdf('Groundwork employee handbook: holidays are booked two weeks ahead.') },
      { name: DOCX_NAME, mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', buffer: await minimalDocx('Onboarding guide: every new starter meets their buddy on day one.') },
    ]);
    await expectText(page, 'File uploaded successfully', 30_000);
    await expect.poll(() => dialog.locator('[data-testid="upload-entry"][data-state="done"]').count(), { timeout: 15_000 }).toBe(2);

    const seen = await page.evaluate(() => (window as unknown as { __uploads: { progress: Array<{ loaded: number; total: number }>; bars: number } }).__uploads);
    expect(seen.bars).toBeGreaterThan(0);
    expect(seen.progress.some((event) => event.total > 0 && event.loaded === event.total)).toBe(true);
    // Spec 02 §4: the bar resets 1 s after finishing.
    await expect.poll(() => dialog.getByTestId('upload-progress').count(), { timeout: 5_000 }).toBe(0);

    await dialog.getByRole('button', { name: 'Done' }).click();
    for (const name of [PDF_NAME, DOCX_NAME]) {
      await expect.poll(() => fileRow(name).count(), { timeout: 15_000 }).toBe(1);
      // The list polls while anything is pending; ingest extracts the text and marks the file active.
      await expect.poll(() => fileRow(name).getAttribute('data-status'), { timeout: 60_000, interval: 500 }).toBe('active');
      expect(await fileRow(name).getByText('Processing').count()).toBe(0);
    }
    expect(await fileRow(PDF_NAME).getByRole('button', { name: `Download ${PDF_NAME}` }).isEnabled()).toBe(true);
  });

  it('refuses a file of another type before uploading it', async () => {
    await openFiles();
    await page.getByRole('button', { name: 'Upload Files' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Upload Files' });
    await dialog.getByTestId('upload-input').setInputFiles([{ name: 'diagram.png', mimeType: 'image/png', buffer: Buffer.from([0x89, 0x50, 0x4e, 0x47]) }]);
    await expect.poll(() => dialog.getByText('File type not accepted').isVisible(), { timeout: 5_000 }).toBe(true);
    await dialog.getByRole('button', { name: 'Done' }).click();
    expect(await fileRow('diagram.png').count()).toBe(0);
  });

  it('creates a folder and moves a file into it by dragging the row onto the folder', async () => {
    await openFiles();
    await createFolder('Policies');
    await fileRow(PDF_NAME).dragTo(folderRow('Policies'));
    await expectText(page, `Moved "${PDF_NAME}" to "Policies"`);
    await expect.poll(() => fileRow(PDF_NAME).count(), { timeout: 15_000 }).toBe(0);
    await expect.poll(() => folderRow('Policies').getByTestId('folder-counts').innerText(), { timeout: 15_000 }).toContain('1 total files (1 direct)');

    await folderRow('Policies').getByRole('button', { name: 'Policies', exact: true }).click();
    await expect.poll(() => page.getByTestId('folder-breadcrumbs').innerText(), { timeout: 15_000 }).toContain('Policies');
    await expect.poll(() => fileRow(PDF_NAME).count(), { timeout: 15_000 }).toBe(1);
    await page.getByRole('button', { name: 'Back' }).click();
    await expect.poll(() => folderRow('Policies').count(), { timeout: 15_000 }).toBe(1);
  });

  it("moves a folder, and refuses moving it into itself or its own child", async () => {
    await openFiles();
    await createFolder('Projects');
    await folderRow('Projects').getByRole('button', { name: 'Projects', exact: true }).click();
    await expect.poll(() => page.getByTestId('folder-breadcrumbs').innerText(), { timeout: 15_000 }).toContain('Projects');
    await createFolder('Alpha');
    await page.getByTestId('folder-breadcrumbs').getByRole('button', { name: 'Home' }).click();

    await folderRow('Projects').getByLabel('Select Projects').check();
    await page.getByRole('button', { name: 'Move Items (1)' }).click();
    const dialog = page.getByRole('dialog', { name: 'Select Destination Folder' });
    const target = (name: string) => dialog.locator(`[data-testid="move-target"][data-folder-name="${name}"]`);
    await expect.poll(() => target('Alpha').count(), { timeout: 15_000 }).toBe(1);
    for (const refused of ['Projects', 'Alpha']) {
      expect(await target(refused).getAttribute('aria-disabled')).toBe('true');
      expect(await target(refused).innerText()).toContain("Can't move to this folder");
    }
    expect(await target('Policies').getAttribute('aria-disabled')).toBeNull();
    await target('Alpha').click({ force: true });
    expect(await dialog.getByRole('button', { name: 'Move Here' }).isDisabled()).toBe(true);

    await target('Policies').click();
    await dialog.getByRole('button', { name: 'Move Here' }).click();
    await expectText(page, 'Moved "Projects" to "Policies"');
    await expect.poll(() => folderRow('Projects').count(), { timeout: 15_000 }).toBe(0);
    await expect.poll(() => folderRow('Policies').getByTestId('folder-counts').innerText(), { timeout: 15_000 }).toContain('1 subfolder (2 total)');
  });

  it('bulk-deletes the selected items after the browser confirm', async () => {
    await openFiles();
    await createFolder('Scratch');
    await folderRow('Scratch').getByLabel('Select Scratch').check();
    await fileRow(DOCX_NAME).getByLabel(`Select ${DOCX_NAME}`).check();

    const messages: string[] = [];
    page.once('dialog', (dialog) => {
      messages.push(dialog.message());
      void dialog.accept();
    });
    await page.getByRole('button', { name: 'Delete (2)' }).click();
    await expectText(page, '2 items deleted successfully');
    expect(messages).toEqual(['Are you sure you want to delete 1 file(s) and 1 folder(s)?']);
    await expect.poll(async () => (await folderRow('Scratch').count()) + (await fileRow(DOCX_NAME).count()), { timeout: 15_000 }).toBe(0);
    expect(await folderRow('Policies').count()).toBe(1);
  });

  it('lists my uploads on My Uploaded Files', async () => {
    await openFiles();
    await page.goto(`${platform.url}/data-sources/uploaded`);
    await expect.poll(() => page.getByTestId('page-title').innerText(), { timeout: 15_000 }).toBe('My Uploaded Files');
    const row = page.getByTestId('my-file-row').filter({ hasText: PDF_NAME });
    await expect.poll(() => row.count(), { timeout: 15_000 }).toBe(1);
    expect(await row.innerText()).toContain('Home / Policies');
    // Deleted above, so it is gone from here too.
    expect(await page.getByTestId('my-file-row').filter({ hasText: DOCX_NAME }).count()).toBe(0);
    // Selected, the file's Delete in the Actions panel is enabled for an admin.
    await row.getByRole('radio').check();
    await expect.poll(() => page.getByTestId('list-actions').getByRole('button', { name: 'Delete', exact: true }).isEnabled(), { timeout: 15_000 }).toBe(true);
  });
});

/** A one-page PDF with real text, its cross-reference table computed from the byte offsets. */
function minimalPdf(text: string): Buffer {
  const escaped = text.replace(/[\\()]/g, (character) => `\\${character}`);
  const stream = `BT /F1 14 Tf 72 720 Td (${escaped}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${Buffer.byteLength(stream, 'latin1')} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  body += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/** The smallest DOCX Word and mammoth accept: content types, the package relationship, one paragraph. */
async function minimalDocx(text: string): Promise<Buffer> {
  const zip = new JSZip();
  zip.file(
    '[Content_Types].xml',
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
      '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
      '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
      '<Default Extension="xml" ContentType="application/xml"/>' +
      '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>' +
      '</Types>',
  );
  zip.file(
    '_rels/.rels',
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
      '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
      '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/>' +
      '</Relationships>',
  );
  zip.file(
    'word/document.xml',
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
      '<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main">' +
      `<w:body><w:p><w:r><w:t>${text.replace(/&/g, '&amp;').replace(/</g, '&lt;')}</w:t></w:r></w:p></w:body>` +
      '</w:document>',
  );
  return zip.generateAsync({ type: 'nodebuffer' });
}
