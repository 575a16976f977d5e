import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const root = fileURLToPath(new URL('.', import.meta.url));
// The local runtime (API, embedded OIDC issuer, runtime config) listens on one port; the dev server
// forwards to it so the browser sees a single origin, as it does when the local server serves the build.
const localRuntime = 'http://localhost:3000';

export default defineConfig({
  root,
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // No source maps in the build: whatever sits in dist may be served (issue 22); the CDK
    // deployment leaves *.map out and CloudFront refuses them as well. `vite dev` keeps its own.
    sourcemap: false,
    rolldownOptions: {
      output: {
        // Libraries change far less often than the app; separate chunks stay cached across releases.
        // Only what the entry loads statically (`$initial`) goes into them: a library (or MUI component)
        // that only a lazily loaded page or the chat windows use stays in their chunks, or these
        // chunks, preloaded by index.html, would download it on the first visit of any page.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom)[\\/]/, priority: 30, tags: ['$initial'] },
            { name: 'mui', test: /node_modules[\\/](@mui|@emotion|@popperjs|react-transition-group|stylis)[\\/]/, priority: 20, tags: ['$initial'] },
            { name: 'vendor', test: /node_modules[\\/]/, priority: 10, tags: ['$initial'] },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: localRuntime, changeOrigin: false },
      '/oidc': { target: localRuntime, changeOrigin: false },
      '/runtime-config.json': { target: localRuntime, changeOrigin: false },
    },
  },
});
