import { connect } from 'node:net';
import { networkInterfaces } from 'node:os';

/**
 * One address of this machine that is not loopback (IPv4 first), to check from the machine itself
 * what another machine of its network could reach; undefined on a machine with loopback only.
 */
export function nonLoopbackAddress(): string | undefined {
  const addresses = Object.values(networkInterfaces())
    .flat()
    .filter((entry) => entry !== undefined && !entry.internal && !entry.address.startsWith('fe80:'));
  return (addresses.find((entry) => entry?.family === 'IPv4') ?? addresses[0])?.address;
}

export const NO_NON_LOOPBACK_ADDRESS = 'skipped: this machine has no non-loopback address to connect to';

/** Whether a TCP connection to host:port is accepted (refused, reset or silent for 2 s: false). */
export function acceptsConnections(host: string, port: number, timeoutMs = 2_000): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host, port });
    const done = (accepted: boolean): void => {
      socket.destroy();
      resolve(accepted);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}
