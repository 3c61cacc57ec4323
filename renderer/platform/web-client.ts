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
  type OpenedFile,
  startupFileAttribute,
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
  /**
   * Where the page preloads the startup file (the href of its `<link rel="preload" data-morf-startup-file>`; by
   * default looked up in the document): the first `openFile` of that file adopts the read instead of asking again.
   */
  startupFileUrl?: string | null;
}

/** The href of the page's startup file preload link, or null (no document, no startup file). */
function pageStartupFileUrl(): string | null {
  if (typeof document === 'undefined') return null;
  return document.querySelector<HTMLLinkElement>(`link[${startupFileAttribute}]`)?.href ?? null;
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
    return reply(name, response);
  }

  async function reply(name: string, response: Response): Promise<unknown> {
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

  // The startup file, asked for by the page itself (a GET the preload has usually answered by now): the first
  // `openFile` of the same path takes it; anything else — another path, a failed read — asks the usual way.
  const startupFileUrl = options.startupFileUrl === undefined ? pageStartupFileUrl() : options.startupFileUrl;
  let startupFile: Promise<OpenedFile | null> | null = startupFileUrl
    ? doFetch(startupFileUrl, { headers, credentials: 'same-origin' })
        .then((response) => reply('openFile', response) as Promise<OpenedFile>)
        .catch(() => null)
    : null;
  client.openFile = async (args: { path: string }) => {
    const preloaded = startupFile;
    startupFile = null;
    const opened = preloaded ? await preloaded : null;
    return opened && opened.identity.path === args.path ? opened : call('openFile', args);
  };
  return client as unknown as HostClient;
}
