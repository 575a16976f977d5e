// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/client';
import { ErrorAlert } from './ErrorAlert';

const session = vi.hoisted(() => ({ current: undefined as undefined | { user: { role: string } } }));
vi.mock('../auth/SessionProvider', () => ({ useOptionalSession: () => session.current }));

afterEach(cleanup);

const quotaError = () =>
  new ApiError('Knowledge base limit reached for your plan', 402, 'QUOTA_EXCEEDED', { resource: 'knowledge_bases', limit: 1, used: 1 });

function renderAlert(error: unknown) {
  render(
    <MemoryRouter>
      <ErrorAlert title="Failed to save knowledge base" error={error} />
    </MemoryRouter>,
  );
}

describe('a 402 under an error alert (contract §1.9)', () => {
  it('names the limit and links an admin to the plans', () => {
    session.current = { user: { role: 'admin' } };
    renderAlert(quotaError());
    expect(screen.getByTestId('quota-notice').textContent).toContain('Plan limit reached: knowledge bases (1 of 1 used).');
    expect(screen.getByRole('link', { name: 'View plans' }).getAttribute('href')).toBe('/organization/settings/billing');
  });

  it('tells anyone else who can change the plan', () => {
    session.current = { user: { role: 'user' } };
    renderAlert(new ApiError('Storage limit reached for your plan', 402, 'QUOTA_EXCEEDED', { resource: 'storage', limit: 1024 ** 3, used: 1024 ** 3 }));
    expect(screen.getByTestId('quota-notice').textContent).toContain('storage (1 GB of 1 GB used)');
    expect(screen.getByTestId('quota-notice').textContent).toContain('Ask an administrator');
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('stays out of other errors', () => {
    renderAlert(new ApiError('Name is required', 400, 'VALIDATION_ERROR'));
    expect(screen.queryByTestId('quota-notice')).toBeNull();
  });
});
