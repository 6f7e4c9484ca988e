// A TCP proxy to PostgreSQL that can be cut (connections dropped, new ones refused) and restored:
// the database server stopping and starting again, as an app reaching it through the proxy sees it.
import net from "node:net";

export interface DatabaseProxy {
  /** The same connection string, through the proxy. */
  url: string;
  cut(): Promise<void>;
  restore(): Promise<void>;
  close(): Promise<void>;
}

export async function startDatabaseProxy(databaseUrl: string): Promise<DatabaseProxy> {
  const target = new URL(databaseUrl);
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on("close", () => sockets.delete(s));
      s.on("error", () => {});
    }
    client.pipe(upstream).pipe(client);
  });
  const listen = (port: number) => new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  await listen(0);
  const port = (server.address() as net.AddressInfo).port;
  // Stops listening and ends every piped connection (server.close alone waits for them to end).
  const dropAll = () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      for (const s of sockets) s.destroy();
    });
  const viaProxy = new URL(databaseUrl);
  viaProxy.hostname = "127.0.0.1";
  viaProxy.port = String(port);
  return { url: viaProxy.toString(), cut: dropAll, restore: () => listen(port), close: dropAll };
}
