import type { DatabasePort } from '../ports/database';
import type { IdentityPort } from '../ports/identity';
import type { ChatModelPort } from '../ports/chat-model';
import type { EmbeddingsPort } from '../ports/embeddings';
import type { MailPort } from '../ports/mail';
import type { ObjectsPort } from '../ports/objects';
import type { QueuePort } from '../ports/queue';
import type { SecretsPort } from '../ports/secrets';
import type { VectorIndexPort } from '../ports/vectors';
import { currentRuntime } from './environment';
import { createCloudPorts } from './cloud-ports';

/** Every port the functions use. Payments join here with billing. */
export interface Ports {
  database: DatabasePort;
  objects: ObjectsPort;
  queue: QueuePort;
  identity: IdentityPort;
  mail: MailPort;
  vectors: VectorIndexPort;
  embeddings: EmbeddingsPort;
  chatModel: ChatModelPort;
  secrets: SecretsPort;
}

let installed: Ports | undefined;

/**
 * The one place adapters are chosen. In the cloud the AWS adapters are built from the environment on
 * first use; the local runtime builds the embedded adapters (which must never be bundled into a
 * Lambda) and installs them before it serves a request.
 */
export function getPorts(): Ports {
  if (installed) return installed;
  if (currentRuntime() === 'local') {
    throw new Error('The local runtime must install the embedded adapters (installPorts) before serving');
  }
  installed = createCloudPorts();
  return installed;
}

export function installPorts(ports: Ports): void {
  installed = ports;
}

/** For tests that build a platform more than once in one process. */
export function uninstallPorts(): void {
  installed = undefined;
}
