import { describe, expect, it } from 'vitest';
import { OrganizationRepository } from '../../functions/domain/organizations/organization-repository';
import { UserRepository } from '../../functions/domain/users/user-repository';
import { useBrowserPlatform } from '../support/browser';
import { knowledgeFlows, subscribe } from '../support/knowledge-flows';
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
});
