import type { DatabasePort } from '../contracts/ports/database';
import type { IdentityPort } from '../contracts/ports/identity';
import type { ChatModelPort } from '../contracts/ports/chat-model';
import type { EmbeddingsPort } from '../contracts/ports/embeddings';
import type { MailPort } from '../contracts/ports/mail';
import type { ObjectsPort } from '../contracts/ports/objects';
import type { QueuePort } from '../contracts/ports/queue';
import type { SecretsPort } from '../contracts/ports/secrets';
import type { VectorIndexPort } from '../contracts/ports/vectors';
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
