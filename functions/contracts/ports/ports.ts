import type { ChatModelPort } from './chat-model';
import type { DatabasePort } from './database';
import type { EmbeddingsPort } from './embeddings';
import type { IdentityPort } from './identity';
import type { MailPort } from './mail';
import type { ObjectsPort } from './objects';
import type { QueuePort } from './queue';
import type { SecretsPort } from './secrets';
import type { SettingsPort } from './settings';
import type { VectorIndexPort } from './vectors';

/** Every port the functions use. */
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
  settings: SettingsPort;
}

let installed: Ports | undefined;
let factory: (() => Ports) | undefined;

/**
 * The ports in use. A composition root provides them: functions/platform builds the AWS adapters
 * on first use (its entry points import it), local/platform installs the embedded ones before it
 * serves. Domain code asks here and never learns which adapters it got.
 */
export function getPorts(): Ports {
  if (installed) return installed;
  if (!factory) throw new Error('No composition root has provided the ports (functions/platform or local/platform)');
  installed = factory();
  return installed;
}

export function installPorts(ports: Ports): void {
  installed = ports;
}

/** Builds the ports on first use; the cloud composition root registers its adapters this way. */
export function providePorts(build: () => Ports): void {
  factory = build;
}

/** For tests that build a platform more than once in one process. */
export function uninstallPorts(): void {
  installed = undefined;
}
