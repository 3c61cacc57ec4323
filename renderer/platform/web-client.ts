/**
 * The host client over the browser shell: each operation is a same-origin POST to /api/<name>
 * (JSON, or a binary frame when bytes travel — see shared/contract/wire.ts); events arrive as
 * Server-Sent Events from /api/events. The per-run token is the HttpOnly cookie the server set
 * when the page was first loaded with `?token=`.
 */
import type { HostClient, HostEvent } from '../../shared/contract/contract';
import {
  eventStreamPath,
  fromWire,
  hostEventTypes,
  HostError,
  httpPath,
  operationNames,
  tokenHeader,
} from '../../shared/contract/contract';
import { decodeBody, encodeBody } from '../../shared/contract/wire';

/** Options for tests: another origin, a fetch implementation, an explicit token header. */
export interface WebClientOptions {
  baseUrl?: string;
  fetch?: typeof fetch;
  token?: string;
  /** EventSource constructor (absent in Node: events are then unavailable). */
  eventSource?: typeof EventSource;
}

/** Create a client for the browser shell. */
export function createWebClient(options: WebClientOptions = {}): HostClient {
  const base = options.baseUrl ?? '';
  const doFetch = options.fetch ?? globalThis.fetch.bind(globalThis);
  const headers: Record<string, string> = options.token ? { [tokenHeader]: options.token } : {};

  async function call(name: (typeof operationNames)[number], args: unknown): Promise<unknown> {
    const { contentType, body } = encodeBody(args ?? {});
    let response: Response;
    try {
      response = await doFetch(`${base}${httpPath(name)}`, {
        method: 'POST',
        headers: { ...headers, 'content-type': contentType },
        body: body as Uint8Array<ArrayBuffer>,
        credentials: 'same-origin',
        cache: 'no-store',
        // Session values are flushed as the page goes away: let that small request outlive the page.
        keepalive: name === 'setSessionValue',
      });
    } catch (error) {
      throw new HostError('io', `${name}: the browser shell's server is unreachable (${(error as Error).message})`);
    }
    const bytes = new Uint8Array(await response.arrayBuffer());
    let decoded: unknown;
    try {
      decoded = decodeBody(response.headers.get('content-type'), bytes);
    } catch (error) {
      throw new HostError(
        'io',
        `${name}: HTTP ${response.status} with an unreadable body (${(error as Error).message})`,
      );
    }
    return fromWire(decoded, name);
  }

  const listeners = new Set<(event: HostEvent) => void>();
  let source: EventSource | null = null;
  const EventSourceImpl = options.eventSource ?? (globalThis as { EventSource?: typeof EventSource }).EventSource;

  function openStream(): void {
    if (source || !EventSourceImpl) return;
    source = new EventSourceImpl(`${base}${eventStreamPath}`, { withCredentials: true });
    source.onmessage = (message: MessageEvent<string>) => {
      let event: HostEvent;
      try {
        event = JSON.parse(message.data) as HostEvent;
      } catch {
        return;
      }
      if (!event || !hostEventTypes.includes(event.type)) return;
      for (const listener of [...listeners]) listener(event);
    };
  }

  const client: Record<string, unknown> = {
    runtime: 'web',
    onEvent(listener: (event: HostEvent) => void) {
      listeners.add(listener);
      openStream();
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0 && source) {
          source.close();
          source = null;
        }
      };
    },
  };
  for (const name of operationNames) client[name] = (args?: unknown) => call(name, args);
  return client as unknown as HostClient;
}
