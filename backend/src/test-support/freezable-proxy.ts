import { type Socket, createServer, connect } from 'node:net';

/**
 * A TCP proxy on loopback in front of PostgreSQL that can cut chosen connections off without a word,
 * as a NAT or a firewall that forgot them does, or a failover that left them pointing nowhere:
 * from then on nothing passes either way and neither side hears of an end (each side's close is
 * kept from the other, too). New connections pass as before.
 */
export interface FreezableProxy {
  /** `databaseUrl` with its host and port replaced by the proxy's. */
  url(databaseUrl: string): string;
  /**
   * Cuts off the connections whose port toward the server is one of `serverSidePorts` (the server
   * sees them as pg_stat_activity.client_port); answers how many it cut off.
   */
  cutOff(serverSidePorts: ReadonlySet<number>): number;
  close(): Promise<void>;
}

interface Pair {
  client: Socket;
  upstream: Socket;
  cutOff: boolean;
}

export async function startFreezableProxy(target: { host: string; port: number }): Promise<FreezableProxy> {
  const pairs = new Set<Pair>();
  const server = createServer((client) => {
    const upstream = connect(target.port, target.host);
    const pair: Pair = { client, upstream, cutOff: false };
    pairs.add(pair);
    client.on('data', (chunk) => pair.cutOff || upstream.write(chunk));
    upstream.on('data', (chunk) => pair.cutOff || client.write(chunk));
    const close = () => {
      if (pair.cutOff) return;
      client.destroy();
      upstream.destroy();
      pairs.delete(pair);
    };
    for (const socket of [client, upstream]) {
      socket.on('error', () => undefined);
      socket.on('close', close);
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('The proxy has no port');
  return {
    url(databaseUrl) {
      const url = new URL(databaseUrl);
      url.hostname = '127.0.0.1';
      url.port = String(address.port);
      return url.toString();
    },
    cutOff(serverSidePorts) {
      let count = 0;
      for (const pair of pairs) {
        if (pair.cutOff || !serverSidePorts.has(pair.upstream.localPort ?? -1)) continue;
        pair.cutOff = true;
        count += 1;
      }
      return count;
    },
    async close() {
      for (const { client, upstream } of pairs) {
        client.destroy();
        upstream.destroy();
      }
      pairs.clear();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
