import { describe, expect, it } from 'vitest';
import { KnowledgeBaseRepository } from '../../functions/domain/knowledge-bases/knowledge-base-repository';
import { OrganizationRepository } from '../../functions/domain/organizations/organization-repository';
import { UserRepository } from '../../functions/domain/users/user-repository';
import { useBrowserPlatform } from '../support/browser';
import { knowledgeFlows, subscribe } from '../support/knowledge-flows';
import { seedFiles } from '../support/seeded-files';
import { newSession, signIn } from '../support/people';

const suite = useBrowserPlatform();

describe('resource relationships dashboard', () => {
  it("lights a knowledge base's chain, dims the rest, and clears on a second click", async () => {
    const { platform } = suite;
    const flows = knowledgeFlows(platform);
    const token = await flows.login(platform.credentials.ADMIN.email, platform.credentials.ADMIN.password);
    const admin = await new UserRepository(platform.ports.database).findByEmail(platform.credentials.ADMIN.email);
    await subscribe(platform, (await new OrganizationRepository(platform.ports.database).get(admin!.organization_id))!.id, 'starter');
    const guide = await flows.uploadFile(token, 'install guide.txt', 'Install the agent with the package manager, then start it.');
    const costs = await flows.uploadFile(token, 'costs.txt', 'Seats cost forty dollars a month.');
    const docs = await flows.readyKnowledgeBase(token, 'Docs', [guide]);
    const finance = await flows.call('POST', '/api/knowledge-bases', token, { name: 'Finance', source_type: 'files', embedding_model: 'text-embedding-ada-002', chunk_size: 200, overlap: 20, data_source_ids: [costs] });
    expect(finance.status).toBe(201);
    await flows.createApplication(token, { name: 'Helpdesk', indexIds: [docs.id] });

    const session = await newSession(suite.browser);
    try {
      const { page } = session;
      await signIn(page, platform.url, platform.credentials.ADMIN.email, platform.credentials.ADMIN.password, '/dashboard');
      const item = (name: string) => page.getByTestId('dashboard-item').filter({ hasText: name });
      await expect.poll(() => item('Helpdesk').isVisible(), { timeout: 15_000 }).toBe(true);
      // One arrow from the guide to Docs, one from costs to Finance, one from Docs to Helpdesk.
      await expect.poll(() => page.getByTestId('dashboard-arrows').locator('path[stroke-opacity]').count()).toBe(3);
      expect(await item('Finance').innerText()).toContain('Draft');
      // A small organization's page is drawn whole, with no Find field and no Show all.
      expect(await page.getByRole('textbox', { name: 'Find', exact: true }).count()).toBe(0);
      expect(await page.getByRole('button', { name: /^Show all/ }).count()).toBe(0);

      await item('Docs').click();
      for (const name of ['Docs', 'install guide.txt', 'Helpdesk']) expect(await item(name).getAttribute('data-dimmed'), name).toBe('false');
      for (const name of ['Finance', 'costs.txt']) expect(await item(name).getAttribute('data-dimmed'), name).toBe('true');
      expect(await page.locator('[data-testid="dashboard-arrows"] path[data-lit="true"]').count()).toBe(2);

      await item('Docs').click();
      for (const name of ['Finance', 'costs.txt', 'Docs']) expect(await item(name).getAttribute('data-dimmed'), name).toBe('false');
    } finally {
      await session.context.close();
    }
  });

  it('stays readable with 500 items: long columns are cut with Show all, Find narrows to a chain, and a click lights a chain past the cut', async () => {
    // An organization of its own: 470 sources, 20 knowledge bases of 20 sources each (the last 70
    // sources feed none), 10 applications over two knowledge bases each.
    const { platform } = suite;
    const flows = knowledgeFlows(platform);
    const systemToken = await flows.login(platform.credentials.SYSTEM_ADMIN.email, platform.credentials.SYSTEM_ADMIN.password);
    const domain = `many-${Date.now().toString(36)}.example.com`;
    const password = 'Sturdy-passw0rd';
    const created = await flows.call('POST', '/api/organizations', systemToken, { name: 'Five Hundred', domain, adminEmail: `admin@${domain}`, adminFullName: 'Fay Hundred', adminPassword: password });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const organizationId = created.body.organization.id as string;
    await subscribe(platform, organizationId, 'enterprise');
    const token = await flows.login(`admin@${domain}`, password);
    const sources = await seedFiles(platform.ports.database, organizationId, 470, { prefix: 'Report' });
    const knowledgeBases: string[] = [];
    for (let index = 0; index < 20; index += 1) {
      const kb = await flows.call('POST', '/api/knowledge-bases', token, {
        name: `KB ${String(index + 1).padStart(2, '0')}`,
        source_type: 'files',
        embedding_model: 'text-embedding-ada-002',
        chunk_size: 200,
        overlap: 20,
        data_source_ids: sources.slice(index * 20, index * 20 + 20),
      });
      expect(kb.status, JSON.stringify(kb.body)).toBe(201);
      knowledgeBases.push(kb.body.id as string);
    }
    // Indexing 400 sources is not what this test is about: the knowledge bases are marked ready, as
    // a finished deployment leaves them, so applications may use them.
    const repository = new KnowledgeBaseRepository(platform.ports.database);
    for (const id of knowledgeBases) {
      const current = (await repository.get(organizationId, id))!;
      await repository.replace(current, { ...current, status: 'ready' });
    }
    for (let index = 0; index < 10; index += 1) {
      await flows.createApplication(token, { name: `App ${String(index + 1).padStart(2, '0')}`, indexIds: [knowledgeBases[index * 2]!, knowledgeBases[index * 2 + 1]!] });
    }

    const session = await newSession(suite.browser);
    try {
      const { page } = session;
      await signIn(page, platform.url, `admin@${domain}`, password, '/dashboard');
      const items = page.getByTestId('dashboard-item');
      const lit = page.locator('[data-testid="dashboard-item"][data-dimmed="false"]');
      const dimmed = page.locator('[data-testid="dashboard-item"][data-dimmed="true"]');
      const arrows = page.getByTestId('dashboard-arrows').locator('path[stroke-opacity]');
      const sourceColumn = page.getByTestId('dashboard-column-source');
      const item = (name: string) => items.filter({ hasText: new RegExp(`^${name}`) });
      const shown = async (name: string) => (await item(name).count()) === 1;

      // The 470 sources are cut to their first 50; the knowledge bases and applications are whole.
      await expect.poll(() => items.count(), { timeout: 30_000 }).toBe(50 + 20 + 10);
      for (const [column, title] of [['source', 'Data Sources (470)'], ['kb', 'Knowledge Bases (20)'], ['app', 'RAG Applications (10)']] as const) {
        expect(await page.getByTestId(`dashboard-column-${column}`).getByText(title, { exact: true }).isVisible(), title).toBe(true);
      }
      expect(await shown('Report 0050.txt')).toBe(true);
      expect(await shown('Report 0051.txt')).toBe(false);
      expect(await sourceColumn.getByRole('button', { name: 'Show all 470' }).isVisible()).toBe(true);
      // Arrows join shown items only: Report 0001-0050 into KB 01-03, and the 20 into applications.
      await expect.poll(() => arrows.count(), { timeout: 30_000 }).toBe(50 + 20);

      // Find narrows every column to the named item and its chain: Report 0399 feeds KB 20, which feeds App 10.
      const find = page.getByRole('textbox', { name: 'Find', exact: true });
      await find.fill('report 0399');
      await expect.poll(() => items.count(), { timeout: 30_000 }).toBe(3);
      for (const name of ['Report 0399.txt', 'KB 20', 'App 10']) expect(await shown(name), name).toBe(true);
      expect(await sourceColumn.getByText('Data Sources (1 of 470)', { exact: true }).isVisible()).toBe(true);
      await expect.poll(() => arrows.count(), { timeout: 30_000 }).toBe(2);
      await find.fill('');
      await expect.poll(() => items.count(), { timeout: 30_000 }).toBe(80);

      // A click on KB 20 lights its chain in full, its sources past the cut included, and dims the rest.
      await item('KB 20').click();
      await expect.poll(() => items.count(), { timeout: 30_000 }).toBe(80 + 20);
      await expect.poll(() => lit.count(), { timeout: 30_000 }).toBe(22);
      for (const name of ['KB 20', 'App 10', 'Report 0381.txt', 'Report 0399.txt', 'Report 0400.txt']) expect(await item(name).getAttribute('data-dimmed'), name).toBe('false');
      for (const name of ['KB 19', 'App 09', 'Report 0001.txt']) expect(await item(name).getAttribute('data-dimmed'), name).toBe('true');
      expect(await shown('Report 0401.txt')).toBe(false);
      // The jump from Report 0050 to Report 0381 is marked.
      expect(await sourceColumn.getByTestId('dashboard-skipped').innerText()).toContain('330 not shown');
      // 20 arrows from its sources and one to App 10.
      expect(await page.locator('[data-testid="dashboard-arrows"] path[data-lit="true"]').count()).toBe(21);

      // A second click clears, and the column is cut again.
      await item('KB 20').click();
      await expect.poll(() => dimmed.count(), { timeout: 30_000 }).toBe(0);
      await expect.poll(() => items.count(), { timeout: 30_000 }).toBe(80);

      // Show all draws every item and every arrow; a chain still lights among them; Show fewer cuts again.
      await sourceColumn.getByRole('button', { name: 'Show all 470' }).click();
      await expect.poll(() => items.count(), { timeout: 30_000 }).toBe(500);
      await expect.poll(() => arrows.count(), { timeout: 30_000 }).toBe(420);
      await item('KB 07').click();
      // KB 07 holds Report 0121 to 0140 and feeds App 04 (with KB 08): 22 items lit, 478 dimmed.
      await expect.poll(() => lit.count(), { timeout: 30_000 }).toBe(22);
      expect(await dimmed.count()).toBe(478);
      await item('KB 07').click();
      await expect.poll(() => dimmed.count(), { timeout: 30_000 }).toBe(0);
      await sourceColumn.getByRole('button', { name: 'Show fewer' }).click();
      await expect.poll(() => items.count(), { timeout: 30_000 }).toBe(80);
    } finally {
      await session.context.close();
    }
  }, 300_000);
});
