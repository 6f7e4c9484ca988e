// nginx from Debian's packages as a child process of the test, running the project's own
// deploy/nginx/shop.conf: its own prefix, pid, logs and temp folders in a temp folder, a free
// loopback port, no daemon and nothing of the system's configuration but the binary.
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { ROOT_DIR } from "#server/app.ts";

export const NGINX = process.env.NGINX_BIN ?? "/usr/sbin/nginx";
/** Makes the TLS front's certificate (Debian's openssl package, as nginx is Debian's). */
const OPENSSL = process.env.OPENSSL_BIN ?? "/usr/bin/openssl";
export const SHOP_CONF = path.join(ROOT_DIR, "deploy", "nginx", "shop.conf");

export const nginxAvailable = (): boolean => existsSync(NGINX);

/**
 * The documented file with only what differs on a test machine: the listen address, the
 * instances' addresses (each keeping the parameters of the documented lines) and the log folder.
 * Throws when the file no longer has the lines it rewrites, so the test never runs another config.
 */
export function renderShopConf(conf: string, options: { listen: string; instances: string[]; logDir: string }): string {
  const listens = conf.match(/^\s*listen\s+80;\s*$/gm) ?? [];
  const refusers = conf.match(/^\s*listen\s+80\s+default_server;\s*$/gm) ?? [];
  const names = conf.match(/^\s*server_name\s+shoeshop\.pk\b/gm) ?? [];
  const servers = [...conf.matchAll(/^(\s*)server\s+127\.0\.0\.1:\d+(\s[^;]*)?;\s*$/gm)];
  const first = servers[0];
  if (
    listens.length !== 1 ||
    refusers.length !== 1 ||
    names.length !== 1 ||
    !first ||
    !conf.includes("/var/log/nginx/")
  ) {
    throw new Error(
      `${SHOP_CONF} no longer has one "listen 80;", one "listen 80 default_server;", "server_name shoeshop.pk", "server 127.0.0.1:PORT …;" lines and /var/log/nginx/`,
    );
  }
  const params = first[2] ?? "";
  const lines = options.instances.map((address) => `${first[1]}server ${address}${params};`).join("\n");
  let done = false;
  return (
    conf
      .replace(/^\s*listen\s+80;\s*$/m, `    listen ${options.listen};`)
      .replace(/^\s*listen\s+80\s+default_server;\s*$/m, `    listen ${options.listen} default_server;`)
      // The tests reach nginx as 127.0.0.1: the shop's block answers that name too, and only that.
      .replace(/^(\s*server_name\s+)shoeshop\.pk/m, (_line, start: string) => `${start}127.0.0.1 shoeshop.pk`)
      .replace(/^\s*server\s+127\.0\.0\.1:\d+(\s[^;]*)?;\s*$\n?/gm, () => {
        if (done) return "";
        done = true;
        return `${lines}\n`;
      })
      .replaceAll("/var/log/nginx/", `${options.logDir}/`)
  );
}

export interface Nginx {
  url: string;
  port: number;
  child: ChildProcess;
  /** The access log's lines so far (shop.conf's shop_json format). */
  accessLog(): Promise<AccessLine[]>;
  stop(): Promise<void>;
}

export interface AccessLine {
  client: string;
  method: string;
  uri: string;
  status: number;
  upstream: string;
  upstream_status: string;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() =>
        typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port")),
      );
    });
  });
}

/**
 * `tls`: as production serves the shop (shop.conf's "TLS ends here"): HTTP/2 over TLS, with a
 * certificate made for the run (openssl from Debian's packages), which the browser is told to accept.
 */
export async function startNginx(instances: string[], options: { tls?: boolean } = {}): Promise<Nginx> {
  const dir = await mkdtemp(path.join(tmpdir(), "shop-nginx-"));
  // Run as root, nginx's workers are "nobody": they must reach the temp folders below.
  await chmod(dir, 0o755);
  for (const sub of ["logs", "tmp"]) await mkdir(path.join(dir, sub), { mode: 0o755 });
  const port = await freePort();
  const tls = options.tls ? await selfSignedCertificate(dir) : undefined;
  const shopConf = renderShopConf(await readFile(SHOP_CONF, "utf8"), {
    listen: tls ? `127.0.0.1:${port} ssl http2` : `127.0.0.1:${port}`,
    instances,
    logDir: path.join(dir, "logs"),
  });
  await writeFile(path.join(dir, "shop.conf"), shopConf);
  const temp = (name: string) => path.join(dir, "tmp", name);
  // What Debian's /etc/nginx/nginx.conf is for a real host, reduced to this test's needs.
  const main = `daemon off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/logs/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${temp("body")};
  proxy_temp_path ${temp("proxy")};
  fastcgi_temp_path ${temp("fastcgi")};
  uwsgi_temp_path ${temp("uwsgi")};
  scgi_temp_path ${temp("scgi")};
  ${tls ? `ssl_certificate ${tls.certificate}; ssl_certificate_key ${tls.key};` : ""}
  include ${dir}/shop.conf;
}
`;
  const conf = path.join(dir, "nginx.conf");
  await writeFile(conf, main);
  const args = ["-p", dir, "-e", path.join(dir, "logs", "error.log"), "-c", conf];
  const check = spawnSync(NGINX, [...args, "-t"], { encoding: "utf8" });
  if (check.status !== 0) throw new Error(`nginx -t refused the config:\n${check.stderr}\n${shopConf}`);

  const child = spawn(NGINX, args, { stdio: ["ignore", "ignore", "pipe"] });
  let stderr = "";
  child.stderr?.on("data", (chunk: Buffer) => {
    stderr += chunk.toString("utf8");
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const url = `${tls ? "https" : "http"}://127.0.0.1:${port}`;
  // Bounded wait for the listening socket (nginx opens it before it forks its worker), or its exit. A
  // plain loop, not the tests' `until` (Vitest's vi.waitFor): the bench starts nginx outside Vitest,
  // where vi.waitFor gave up at once, before nginx had bound its port on a busy machine.
  const deadline = performance.now() + 5_000;
  while (child.exitCode === null && performance.now() < deadline && !(await accepts(port))) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  if (!(await accepts(port))) throw new Error(`nginx did not start:\n${stderr}`);

  return {
    url,
    port,
    child,
    async accessLog() {
      const text = await readFile(path.join(dir, "logs", "shop.access.log"), "utf8").catch(() => "");
      return text
        .split("\n")
        .filter(Boolean)
        .map((line) => JSON.parse(line) as AccessLine);
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        // SIGQUIT: graceful stop of master and worker; SIGKILL would leave the worker behind.
        child.kill("SIGQUIT");
        const timer = setTimeout(() => child.kill("SIGKILL"), 5_000);
        await exited;
        clearTimeout(timer);
      }
      await rm(dir, { recursive: true, force: true });
    },
  };
}

async function selfSignedCertificate(dir: string): Promise<{ certificate: string; key: string }> {
  const certificate = path.join(dir, "cert.pem");
  const key = path.join(dir, "key.pem");
  const subject = ["-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1,DNS:localhost"];
  const args = ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", ...subject];
  const made = spawnSync(OPENSSL, [...args, "-keyout", key, "-out", certificate], { encoding: "utf8" });
  if (made.status !== 0) throw new Error(`openssl could not make a certificate: ${made.stderr}`);
  return { certificate, key };
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: "127.0.0.1", port });
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}
