import { providePorts } from '../contracts/ports/ports';
import { createCloudPorts } from './cloud-ports';
import { loadDeploymentSecrets } from './deployment-secrets';
import { currentRuntime } from './environment';

/**
 * The cloud composition root: every Lambda entry point imports this module, which makes the AWS
 * adapters the ports' provider. The local runtime installs the embedded adapters (which must never
 * be bundled into a Lambda) before it serves, so there this provider is never asked.
 */
providePorts(() => {
  if (currentRuntime() === 'local') {
    throw new Error('The local runtime must install the embedded adapters (installPorts) before serving');
  }
  return createCloudPorts();
});

// Cold start: the secrets the stack names (the Stripe keys) are read before any handler runs.
await loadDeploymentSecrets();
