import { Agent as HttpAgent, type AgentOptions } from 'node:http';
import { Agent as HttpsAgent } from 'node:https';
import { isIP, type LookupFunction, type Socket } from 'node:net';
import { bareHost, checkedAddresses, type OutboundPolicy } from './url-guard';

/**
 * A `lookup` for net/tls/http agents that resolves once, checks every address and hands the
 * connection exactly those: there is no second resolution a rebinding DNS server could answer
 * differently. Node skips `lookup` for IP literals, which guardedAgents checks itself.
 */
export function guardedLookup(policy: OutboundPolicy = {}): LookupFunction {
  return (hostname, options, callback) => {
    checkedAddresses(hostname, policy).then(
      (addresses) => {
        const wanted = options.family === 4 || options.family === 6 ? addresses.filter((entry) => entry.family === options.family) : addresses;
        if (wanted.length === 0) {
          callback(Object.assign(new Error(`No IPv${options.family} address for ${hostname}`), { code: 'ENOTFOUND' }), '', 0);
          return;
        }
        if (options.all) (callback as unknown as (error: null, addresses: typeof wanted) => void)(null, wanted);
        else callback(null, wanted[0]!.address, wanted[0]!.family);
      },
      (error: NodeJS.ErrnoException) => callback(error, '', 0),
    );
  };
}

type Create = (options: Record<string, unknown>, callback?: (error: Error | null, socket?: Socket) => void) => Socket | undefined;

/** Checks literal-IP hosts (which never reach `lookup`) and pins every other host through guardedLookup. */
function guard<T extends HttpAgent>(agent: T, policy: OutboundPolicy): T {
  const lookup = guardedLookup(policy);
  const create = (agent.createConnection as unknown as Create).bind(agent);
  (agent as unknown as { createConnection: Create }).createConnection = (options, callback) => {
    const host = bareHost(String(options.host ?? options.hostname ?? 'localhost'));
    if (!isIP(host)) return create({ ...options, lookup }, callback);
    checkedAddresses(host, policy).then(
      () => {
        try {
          callback?.(null, create({ ...options, host, lookup }));
        } catch (error) {
          callback?.(error as Error);
        }
      },
      (error: Error) => callback?.(error),
    );
    return undefined;
  };
  return agent;
}

export interface GuardedAgents {
  httpAgent: HttpAgent;
  httpsAgent: HttpsAgent;
  destroy(): void;
}

/** HTTP and HTTPS agents whose every connection, redirects included, goes only where the policy allows. */
export function guardedAgents(policy: OutboundPolicy = {}, options: AgentOptions = {}): GuardedAgents {
  const httpAgent = guard(new HttpAgent(options), policy);
  const httpsAgent = guard(new HttpsAgent(options), policy);
  return {
    httpAgent,
    httpsAgent,
    destroy() {
      httpAgent.destroy();
      httpsAgent.destroy();
    },
  };
}
