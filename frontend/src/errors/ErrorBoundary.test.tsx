// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppFrame } from '../App';
import { ErrorBoundary } from './ErrorBoundary';

function Boom({ error }: { error: unknown }): never {
  throw error;
}

beforeEach(() => {
  // React reports caught render errors on the console; the boundary logs them too.
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('ErrorBoundary', () => {
  it('shows the error message and a Try again button', () => {
    const retry = vi.fn();
    render(
      <AppFrame>
        <ErrorBoundary onRetry={retry}>
          <Boom error={new Error('Knowledge base exploded')} />
        </ErrorBoundary>
      </AppFrame>,
    );
    expect(screen.getByText('Something went wrong')).toBeTruthy();
    expect(screen.getByText('Knowledge base exploded')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(retry).toHaveBeenCalledTimes(1);
  });

  it('falls back to the generic message when the error has none', () => {
    render(
      <ErrorBoundary>
        <Boom error={new Error('')} />
      </ErrorBoundary>,
    );
    expect(screen.getByText('Something went wrong')).toBeTruthy();
    expect(screen.getByText('An unexpected error occurred')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('renders its children when nothing throws', () => {
    render(
      <ErrorBoundary>
        <p>all good</p>
      </ErrorBoundary>,
    );
    expect(screen.getByText('all good')).toBeTruthy();
    expect(screen.queryByText('Something went wrong')).toBeNull();
  });
});
