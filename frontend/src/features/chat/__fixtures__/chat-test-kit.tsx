import { render } from '@testing-library/react';
import { AuthContext } from 'react-oidc-context';
import { MemoryRouter } from 'react-router-dom';
import { AppFrame } from '../../../App';
import { SessionProvider } from '../../../auth/SessionProvider';
import { RuntimeConfigProvider } from '../../../config/RuntimeConfigContext';
import { fakeAuth, testConfig } from '../../../__fixtures__/test-auth';
import { ChatLauncherProvider, useChatLauncher, type ChatTarget } from '../ChatLauncher';

/** Stands in for the pages that open chats (the applications list): one button per application. */
function Opener({ targets }: { targets: ChatTarget[] }) {
  const { openChat, occupiedRightPx } = useChatLauncher();
  return (
    <>
      <output data-testid="chat-occupied-right">{occupiedRightPx}</output>
      {targets.map((target) => (
        <button key={target.id} type="button" onClick={() => openChat(target)}>
          Open {target.name}
        </button>
      ))}
    </>
  );
}

/** The chat provider as AppCore mounts it (under the real session and API client), with an opener page. */
export function renderChatLauncher(targets: ChatTarget[]) {
  return render(
    <RuntimeConfigProvider config={testConfig}>
      <AppFrame>
        <MemoryRouter>
          <AuthContext.Provider value={fakeAuth()}>
            <SessionProvider>
              <ChatLauncherProvider>
                <Opener targets={targets} />
              </ChatLauncherProvider>
            </SessionProvider>
          </AuthContext.Provider>
        </MemoryRouter>
      </AppFrame>
    </RuntimeConfigProvider>,
  );
}

/** Makes MUI's useMediaQuery see a viewport of `width` px (jsdom has no layout of its own). */
export function setViewportWidth(width: number) {
  Object.defineProperty(window, 'innerWidth', { configurable: true, writable: true, value: width });
  const matches = (query: string) => {
    const max = /max-width:\s*([\d.]+)px/.exec(query);
    const min = /min-width:\s*([\d.]+)px/.exec(query);
    return (!max || width <= Number(max[1])) && (!min || width >= Number(min[1]));
  };
  window.matchMedia = ((query: string) => ({
    matches: matches(query),
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  })) as unknown as typeof window.matchMedia;
}
