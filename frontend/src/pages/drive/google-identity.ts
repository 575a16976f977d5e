import { DRIVE_READONLY_SCOPE } from '../../../../shared/api/schemas/drive';
import { GOOGLE_IDENTITY_SCRIPT_URL } from '../../../../shared/config/runtime-config';
import { DRIVE_TEXTS } from './drive-rules';

/** The part of Google Identity Services' token model the Drive page uses. */
interface TokenResponse {
  access_token?: string;
  expires_in?: number | string;
  error?: string;
}
interface TokenClient {
  requestAccessToken(options?: { prompt?: string }): void;
}
interface GoogleIdentity {
  accounts: {
    oauth2: {
      initTokenClient(config: {
        client_id: string;
        scope: string;
        callback: (response: TokenResponse) => void;
        error_callback?: (error: { type?: string }) => void;
      }): TokenClient;
    };
  };
}

declare global {
  interface Window {
    google?: GoogleIdentity;
  }
}

export interface DriveToken {
  accessToken: string;
  /** Epoch milliseconds after which the token is asked for again. */
  expiresAt: number;
}

let loading: Promise<void> | undefined;

/** Loads the Google Identity Services script once (spec 02: "a script is loaded"). */
export function loadGoogleIdentity(): Promise<void> {
  if (window.google?.accounts?.oauth2) return Promise.resolve();
  loading ??= new Promise<void>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = GOOGLE_IDENTITY_SCRIPT_URL;
    script.async = true;
    script.onload = () => resolve();
    script.onerror = () => {
      loading = undefined;
      reject(new Error(DRIVE_TEXTS.oauthNotInitialized));
    };
    document.head.appendChild(script);
  });
  return loading;
}

/**
 * Asks Google for a `drive.readonly` access token in its popup. The token stays in this page's
 * memory; the server receives it per request (contract §12) and never stores it.
 */
export async function requestDriveToken(clientId: string, now: () => number = Date.now): Promise<DriveToken> {
  await loadGoogleIdentity();
  const oauth2 = window.google?.accounts?.oauth2;
  if (!oauth2) throw new Error(DRIVE_TEXTS.oauthNotInitialized);
  return new Promise<DriveToken>((resolve, reject) => {
    const client = oauth2.initTokenClient({
      client_id: clientId,
      scope: DRIVE_READONLY_SCOPE,
      callback: (response) => {
        if (response.error) return reject(new Error(DRIVE_TEXTS.oauthError(response.error)));
        if (!response.access_token) return reject(new Error(DRIVE_TEXTS.noAccessToken));
        const seconds = Number(response.expires_in ?? 3600);
        // A minute early, so a request never carries a token that expires on its way.
        resolve({ accessToken: response.access_token, expiresAt: now() + Math.max(0, (Number.isFinite(seconds) ? seconds : 3600) - 60) * 1000 });
      },
      error_callback: (error) => reject(new Error(DRIVE_TEXTS.oauthError(error.type ?? 'unknown'))),
    });
    client.requestAccessToken({ prompt: '' });
  });
}
