import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createDatabase } from './postgres';
import { freePort, spawnServer } from './process';

/** Debian's nginx (`/usr/sbin/nginx`, or one on the PATH), or null. */
export function findNginx(): string | null {
  for (const candidate of ['/usr/sbin/nginx', '/usr/local/sbin/nginx'])
    if (fs.existsSync(candidate)) return candidate;
  try {
    return execFileSync('sh', ['-c', 'command -v nginx'], { encoding: 'utf8' }).trim() || null;
  } catch {
    return null;
  }
}

/** Why a test of servers behind nginx cannot run here, or null when it can. */
export function clusterMissing(postgres: { url: string } | { missing: string }): string | null {
  if ('missing' in postgres) return postgres.missing;
  if (!findNginx()) return "nginx is not installed: `npm test` installs Debian's nginx with apt as root";
  return null;
}

/**
 * The balancer's configuration, as docs/deployment.md gives it: round robin over the servers without sticky
 * sessions, idle connections to them kept open, a server that refuses or fails to answer taken out for 5 s
 * while the request goes to the next one (a request already sent with a method that is not idempotent is
 * answered 502 instead: the client retries it), the event stream unbuffered. Everything nginx writes stays in
 * `dir`; it runs in the foreground as the test's child.
 */
export function nginxConfig(dir: string, port: number, upstreams: string[]): string {
  const user = process.getuid?.() === 0 ? 'user root;' : '';
  return `${user}
daemon off;
worker_processes auto;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  upstream atelier {
${upstreams.map((address) => `    server ${address} max_fails=1 fail_timeout=5s;`).join('\n')}
    keepalive 128;
  }
  server {
    listen 127.0.0.1:${port};
    client_max_body_size 16m;
    location / {
      proxy_pass http://atelier;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_next_upstream error timeout http_502 http_503;
    }
    location /api/events {
      proxy_pass http://atelier;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_buffering off;
      proxy_read_timeout 1h;
    }
  }
}
`;
}

export interface ClusterServer {
  url: string;
  child: ChildProcess;
  dataDir: string;
  exited: Promise<number | null>;
  output(): string;
}

export interface Cluster {
  /** The balancer's address: what visitors and the admin use. */
  url: string;
  servers: ClusterServer[];
  databaseUrl: string;
  stagingDir: string;
  admin: { email: string; password: string };
  stop(): Promise<void>;
}

/** Resolves once `url`/api/health answers 200 (within `timeoutMs`). */
async function answering(url: string, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      if ((await fetch(`${url}/api/health`)).ok) return;
    } catch {}
    if (Date.now() > deadline) throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * `count` server processes (the production bundle) on one new PostgreSQL database of the cluster at
 * `postgresUrl` and one bucket (`storageUrl`), sharing one staging folder for uploads, each with its own DATA_DIR
 * holding the same signing keys (the first server makes them; they are copied to the others, as
 * docs/deployment.md says), behind nginx on a free loopback port. The first server seeds the sample content
 * and creates the owner from ATELIER_ADMIN_EMAIL; the others start on the database it left.
 */
export async function startCluster(options: {
  postgresUrl: string;
  storageUrl: string;
  count?: number;
  env?: Record<string, string>;
  /** For a benchmark: Node's options (as `npm start` gives them), and the request log dropped. */
  nodeOptions?: string[];
  keepOutput?: boolean;
}): Promise<Cluster> {
  const nginx = findNginx();
  if (!nginx) throw new Error('nginx is not installed');
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-cluster-'));
  const stagingDir = path.join(root, 'staging');
  const databaseUrl = await createDatabase(options.postgresUrl);
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const admin = { email: 'owner@cluster.example.mw', password: 'Kapenta#Lake42' };
  const env = (index: number): Record<string, string> => ({
    NODE_ENV: 'test',
    DATA_DIR: path.join(root, `server-${index}`),
    DATABASE_URL: databaseUrl,
    STORAGE_URL: options.storageUrl,
    UPLOAD_STAGING_DIR: stagingDir,
    PUBLIC_URL: url,
    TRUST_PROXY: '1',
    PASSWORD_HASH: 'fast',
    SEED: index === 0 ? 'sample' : 'none',
    ATELIER_ADMIN_EMAIL: admin.email,
    ATELIER_ADMIN_PASSWORD: admin.password,
    ...options.env,
  });
  const servers: ClusterServer[] = [];
  let proxy: ChildProcess | undefined;
  const stop = async () => {
    await Promise.all(
      servers.map(async (server) => {
        if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGTERM');
        await server.exited;
      }),
    );
    if (proxy && proxy.exitCode === null) {
      const closed = new Promise((resolve) => proxy?.once('exit', resolve));
      proxy.kill('SIGTERM');
      await closed;
    }
    fs.rmSync(root, { recursive: true, force: true });
  };
  try {
    const spawnOptions = { nodeOptions: options.nodeOptions, keepOutput: options.keepOutput };
    servers.push({ ...(await spawnServer(env(0), spawnOptions)), dataDir: env(0).DATA_DIR! });
    const count = options.count ?? 2;
    for (let index = 1; index < count; index++) {
      const dataDir = env(index).DATA_DIR!;
      fs.cpSync(path.join(env(0).DATA_DIR!, 'keys'), path.join(dataDir, 'keys'), { recursive: true });
    }
    const others = await Promise.all(
      Array.from({ length: count - 1 }, (_, i) => spawnServer(env(i + 1), spawnOptions)),
    );
    for (const [i, server] of others.entries()) servers.push({ ...server, dataDir: env(i + 1).DATA_DIR! });
    const nginxDir = path.join(root, 'nginx');
    fs.mkdirSync(nginxDir);
    const config = path.join(nginxDir, 'nginx.conf');
    fs.writeFileSync(
      config,
      nginxConfig(
        nginxDir,
        port,
        servers.map((server) => new URL(server.url).host),
      ),
    );
    proxy = spawn(nginx, ['-c', config, '-p', nginxDir], { stdio: ['ignore', 'ignore', 'pipe'] });
    await answering(url);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, servers, databaseUrl, stagingDir, admin, stop };
}
