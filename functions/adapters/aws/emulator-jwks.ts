import { FetchError } from 'aws-jwt-verify/error';
import { SimpleJwksCache, type JwksCache } from 'aws-jwt-verify/jwk';

/**
 * The pool's public keys read from a Cognito emulator (cognito-local serves them at
 * `<endpoint>/<pool>/.well-known/jwks.json`) instead of Cognito's https host, for the cloud-mode
 * rehearsal (docs/deployment.md). The SDK reaches the emulator through AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER;
 * the verifier needs the same redirection for its JWKS. Everything else it checks stays as in the cloud.
 */
export function emulatorJwksCache(endpoint: string): JwksCache {
  const base = endpoint.replace(/\/+$/, '');
  return new SimpleJwksCache({
    fetcher: {
      async fetch(uri: string) {
        const response = await fetch(`${base}${new URL(uri).pathname}`);
        if (!response.ok) throw new FetchError(uri, `Status code is ${response.status}, expected 200`);
        return response.arrayBuffer();
      },
    },
  });
}
