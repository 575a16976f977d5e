// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { errorResponse } from '../../__fixtures__/fake-api';
import { renderApp, stubApi } from '../../__fixtures__/test-auth';
import type { Role } from '../../../../shared/auth/roles';
import { chatBackend, chatState, storedSession } from './__fixtures__/fake-chat-backend';

const LATER = { timeout: 5000 };

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** §1.9: the first message of a session past the month's conversations is a 402 with its figures. */
const conversationsUsedUp = {
  method: 'POST' as const,
  path: /^\/api\/chat\/messages\/[^/]+\/sessions\/[^/]+$/,
  reply: () => errorResponse(402, 'Monthly conversation limit reached for your plan', 'QUOTA_EXCEEDED', { resource: 'conversations', limit: 100, used: 100 }),
};

async function sendPastTheLimit(role: Role) {
  stubApi(role, chatBackend(chatState({ sessions: [storedSession('ses-1', 'app-1', '2025-03-01T00:00:00Z')], messages: { 'ses-1': [] } }), [conversationsUsedUp]));
  renderApp('/chat/app-1');
  const box = await screen.findByRole('textbox', { name: 'Message' }, LATER);
  fireEvent.change(box, { target: { value: 'One more question' } });
  fireEvent.click(screen.getByRole('button', { name: 'Send message' }));
  return screen.findByTestId('quota-notice', undefined, LATER);
}

describe('a send refused by the plan (402)', () => {
  it('names the limit and links an admin to the plans', async () => {
    const notice = await sendPastTheLimit('admin');
    expect(notice.textContent).toContain('Plan limit reached: conversations this month (100 of 100 used).');
    expect(within(notice).getByRole('link', { name: 'View plans' }).getAttribute('href')).toBe('/organization/settings/billing');
  });

  it('tells anyone else who can change the plan', async () => {
    const notice = await sendPastTheLimit('rag_user');
    expect(notice.textContent).toContain('Ask an administrator of your organization to change its plan.');
    expect(within(notice).queryByRole('link')).toBeNull();
  });
});
