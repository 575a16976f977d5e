import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { expectText } from './people';

/**
 * An admin's steps on the RAG Applications screens (spec 03), written once for the browser tests
 * that build an application and share it: the New Application form and its knowledge-base picker,
 * and the Access dialog ('Assign Groups to {name}').
 */

/** From the list, opens New Application. */
export async function openNewApplicationForm(page: Page, baseUrl: string): Promise<void> {
  await page.goto(`${baseUrl}/rag-applications`);
  await expect.poll(() => page.getByTestId('page-title').innerText(), { timeout: 15_000 }).toBe('RAG Applications');
  await page.getByRole('button', { name: 'New Application' }).click();
  await page.waitForURL(`${baseUrl}/rag-applications/create`, { timeout: 15_000 });
}

/** Name, description and the LLM model (Claude 3 Sonnet). */
export async function fillApplicationBasics(page: Page, name: string, description: string): Promise<void> {
  await page.getByRole('textbox', { name: /^Name/ }).fill(name);
  await page.getByRole('textbox', { name: 'Description' }).fill(description);
  await page.getByRole('combobox', { name: /LLM Model/ }).click();
  await page.getByRole('option', { name: 'Claude 3 Sonnet' }).click();
  await expect.poll(() => page.getByRole('listbox').count(), { timeout: 15_000 }).toBe(0);
}

/** Opens Select Knowledge Bases, ticks each of `names` (none closes it empty) and closes it with Done. */
export async function pickKnowledgeBases(page: Page, names: readonly string[]): Promise<void> {
  await page.getByRole('button', { name: 'Select Knowledge Bases' }).click();
  const picker = page.getByRole('dialog', { name: 'Select Knowledge Bases' });
  await expect.poll(() => picker.isVisible(), { timeout: 15_000 }).toBe(true);
  for (const name of names) {
    const box = picker.getByRole('checkbox', { name, exact: true });
    await expect.poll(() => box.isEnabled().catch(() => false), { timeout: 15_000 }).toBe(true);
    await box.check();
  }
  await picker.getByRole('button', { name: 'Done' }).click();
  await expect.poll(() => picker.count(), { timeout: 15_000 }).toBe(0);
}

/** Sends the form and waits for the list and its notice. */
export async function submitNewApplication(page: Page, baseUrl: string): Promise<void> {
  await page.getByRole('button', { name: 'Create Application' }).click();
  await page.waitForURL(`${baseUrl}/rag-applications`, { timeout: 15_000 });
  await expectText(page, 'Application created successfully');
}

/** The whole New Application form, over the named knowledge bases. */
export async function createApplicationThroughForm(page: Page, baseUrl: string, application: { name: string; description: string; knowledgeBases: readonly string[] }): Promise<void> {
  await openNewApplicationForm(page, baseUrl);
  await fillApplicationBasics(page, application.name, application.description);
  await pickKnowledgeBases(page, application.knowledgeBases);
  await submitNewApplication(page, baseUrl);
}

/** The Admin Actions panel of the list, with `name` selected. */
export async function selectApplication(page: Page, name: string): Promise<Locator> {
  await page.getByRole('radio', { name: `Select ${name}` }).check();
  const panel = page.getByRole('region', { name: 'Admin Actions' });
  await expect.poll(() => panel.getByTestId('admin-actions-selection').innerText(), { timeout: 15_000 }).toBe(name);
  return panel;
}

/** Selects the application on the list, opens its Access dialog and ticks `groupName`; answers the dialog. */
export async function chooseApplicationGroup(page: Page, applicationName: string, groupName: string): Promise<Locator> {
  const panel = await selectApplication(page, applicationName);
  await panel.getByRole('button', { name: 'Access' }).click();
  const access = page.getByRole('dialog', { name: `Assign Groups to ${applicationName}` });
  const groupBox = access.getByRole('checkbox', { name: groupName, exact: true });
  await expect.poll(() => groupBox.isVisible(), { timeout: 15_000 }).toBe(true);
  await groupBox.check();
  await expect.poll(() => access.getByTestId('selected-groups').innerText(), { timeout: 15_000 }).toContain(groupName);
  return access;
}

/** Ticks 'Also grant these knowledge bases' once the dialog lists what the chosen groups lack. */
export async function alsoGrantKnowledgeBases(access: Locator): Promise<void> {
  const box = access.getByRole('checkbox', { name: 'Also grant these knowledge bases' });
  await expect.poll(() => box.isVisible(), { timeout: 15_000 }).toBe(true);
  await box.check();
}

/** Saves the Access dialog and waits until it has closed on success. */
export async function saveApplicationAccess(page: Page, access: Locator): Promise<void> {
  await access.getByRole('button', { name: 'Save' }).click();
  await expectText(page, 'Groups updated successfully');
  await expect.poll(() => access.count(), { timeout: 15_000 }).toBe(0);
}
