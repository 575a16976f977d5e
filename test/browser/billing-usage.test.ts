import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { conversationCounterName } from '../../functions/domain/chat/conversation-quota';
import { countersKey } from '../../functions/contracts/keys/table-keys';
import { OrganizationRepository } from '../../functions/domain/organizations/organization-repository';
import { UserRepository } from '../../functions/domain/users/user-repository';
import { useBrowserPlatform } from '../support/browser';
import { expectText, newSession, signIn } from '../support/people';

const suite = useBrowserPlatform();

/** The free tier's UTC month, where its conversations are counted (§1.9). */
const monthStart = () => {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)).toISOString();
};

describe('billing and usage in self-hosted mode', () => {
  it('an admin sees usage bars coloured by the share used, then upgrades and downgrades without payment', async () => {
    const { ports, credentials } = suite.platform;
    const admin = await new UserRepository(ports.database).findByEmail(credentials.ADMIN.email);
    const organization = await new OrganizationRepository(ports.database).get(admin!.organization_id);
    // 80 of the free tier's 100 conversations (yellow) and its one knowledge base (red).
    await ports.database.client.send(
      new UpdateCommand({
        TableName: ports.database.tableName,
        Key: countersKey(organization!.id),
        UpdateExpression: 'SET #conversations = :eighty, knowledge_base_count = :one',
        ExpressionAttributeNames: { '#conversations': conversationCounterName(monthStart()) },
        ExpressionAttributeValues: { ':eighty': 80, ':one': 1 },
      }),
    );

    const session = await newSession(suite.browser);
    try {
      const { page } = session;
      await signIn(page, suite.platform.url, credentials.ADMIN.email, credentials.ADMIN.password, '/dashboard');

      await page.goto(`${suite.platform.url}/analytics/usage`);
      await expectText(page, 'Usage data is updated every hour.');
      const bar = (label: string) => page.getByTestId(`usage-${label}`);
      await expect.poll(() => bar('Conversations').getAttribute('data-colour'), { timeout: 15_000 }).toBe('yellow');
      expect(await bar('Conversations').innerText()).toContain('80 of 100');
      expect(await bar('Knowledge bases').getAttribute('data-colour')).toBe('red');
      expect(await bar('Storage').getAttribute('data-colour')).toBe('blue');

      await page.goto(`${suite.platform.url}/organization/settings/billing`);
      await expect.poll(() => page.getByTestId('self-hosted-notice').isVisible(), { timeout: 15_000 }).toBe(true);
      await expect.poll(() => page.getByTestId('current-plan').innerText()).toContain('Free Trial');
      expect(await page.getByTestId('plan-card-free').getByRole('button').textContent()).toBe('Current Plan');

      await page.getByTestId('plan-card-professional').getByRole('button', { name: 'Select Plan' }).click();
      const dialog = page.getByRole('dialog', { name: 'Upgrade to Professional' });
      expect(await dialog.getByTestId('amount-due').innerText()).toBe('$0.00');
      await dialog.getByRole('button', { name: 'Upgrade' }).click();
      await expectText(page, 'Your plan is now Professional');
      await expect.poll(() => page.getByTestId('current-plan').innerText()).toContain('Professional');

      await page.getByTestId('plan-card-starter').getByRole('button', { name: 'Select Plan' }).click();
      await expectText(page, 'Your plan is now Starter');
      await expect.poll(() => page.getByTestId('current-plan').innerText()).toContain('Starter');

      // On Starter the one knowledge base is one of three: no longer red.
      await page.goto(`${suite.platform.url}/analytics/usage`);
      await expect.poll(() => bar('Knowledge bases').getAttribute('data-colour'), { timeout: 15_000 }).toBe('blue');
    } finally {
      await session.context.close();
    }
  });
});
