import { LoadingScreen } from '../layout/LoadingScreen';

/**
 * The OIDC redirect target. The provider library redeems the code on its own when the app starts on
 * this address and then calls `onSigninCallback`, which navigates on; failures are handled by the
 * session (cleared state, back to /login). All this page has to do is wait visibly.
 */
export function AuthCallbackPage() {
  return <LoadingScreen />;
}
