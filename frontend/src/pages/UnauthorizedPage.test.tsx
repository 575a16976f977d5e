// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { AppFrame } from '../App';
import { UnauthorizedPage } from './UnauthorizedPage';

afterEach(cleanup);

describe('UnauthorizedPage', () => {
  it('shows the spec texts and goes back to /login', () => {
    render(
      <AppFrame>
        <MemoryRouter initialEntries={['/unauthorized']}>
          <Routes>
            <Route path="/unauthorized" element={<UnauthorizedPage />} />
            <Route path="/login" element={<p>login screen</p>} />
          </Routes>
        </MemoryRouter>
      </AppFrame>,
    );
    expect(screen.getByRole('heading', { name: 'Unauthorized Access' })).toBeTruthy();
    expect(screen.getByText("You don't have permission to access this resource.")).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Go Back' }));
    expect(screen.getByText('login screen')).toBeTruthy();
  });
});
