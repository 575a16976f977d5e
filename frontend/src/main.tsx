import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { loadRuntimeConfig } from './config/runtime-config';

async function start(): Promise<void> {
  const container = document.getElementById('root');
  if (!container) throw new Error('The page has no #root element');

  const result = await loadRuntimeConfig();
  if (!result.ok) {
    console.error(result.error);
    // Spec 01 §4.1: without the identity-provider configuration the application renders nothing.
    if (result.reason === 'missingIdentityProvider') return;
    container.textContent = 'Groundwork could not start: its configuration could not be loaded. Please try again later.';
    return;
  }

  createRoot(container).render(
    <StrictMode>
      <App config={result.config} />
    </StrictMode>,
  );
}

void start();
