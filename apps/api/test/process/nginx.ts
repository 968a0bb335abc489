import { type ChildProcess, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { chmod, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { delimiter, join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { findFreePort } from "../../src/lib/free-port";

export interface Nginx {
  url: string;
  /** Stops nginx (its whole process group) and removes its folder. */
  stop(): Promise<void>;
}

/** Debian's nginx (`.ci/run` installs it): on the PATH, or in /usr/sbin, which a non-root PATH lacks. */
function nginxBinary(): string {
  const folders = [...(process.env.PATH ?? "").split(delimiter), "/usr/sbin"];
  const found = folders.map((folder) => join(folder, "nginx")).find((path) => existsSync(path));
  if (!found) throw new Error("nginx is not installed: apt-get install nginx (.ci/run installs it)");
  return found;
}

/**
 * nginx in front of app instances on loopback, round robin, as a production load balancer: it passes the client's
 * address in X-Forwarded-For and says which instance answered in X-Upstream (its $upstream_addr).
 */
export async function startNginx(upstreamPorts: number[]): Promise<Nginx> {
  const folder = await mkdtemp(join(tmpdir(), "brandscope-nginx-"));
  // Under root its workers run as nobody, who must reach the temporary folders nginx makes in here.
  await chmod(folder, 0o755);
  const port = await findFreePort();
  const servers = upstreamPorts.map((upstream) => `server 127.0.0.1:${upstream};`).join(" ");
  await writeFile(
    join(folder, "nginx.conf"),
    `daemon off;
worker_processes 1;
pid ${folder}/nginx.pid;
error_log ${folder}/error.log warn;
events { worker_connections 256; }
http {
  access_log off;
  client_body_temp_path ${folder}/body;
  proxy_temp_path ${folder}/proxy;
  fastcgi_temp_path ${folder}/fastcgi;
  uwsgi_temp_path ${folder}/uwsgi;
  scgi_temp_path ${folder}/scgi;
  upstream app { ${servers} }
  server {
    listen 127.0.0.1:${port};
    client_max_body_size 6m;
    location / {
      proxy_pass http://app;
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      add_header X-Upstream $upstream_addr always;
    }
  }
}
`,
  );
  const child = spawn(
    nginxBinary(),
    ["-p", folder, "-c", join(folder, "nginx.conf"), "-e", join(folder, "error.log")],
    {
      detached: true,
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr.on("data", (chunk: Buffer) => {
    output += chunk.toString();
  });
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    killGroup(child, "SIGKILL");
    await rm(folder, { recursive: true, force: true });
  };
  for (let waited = 0; ; waited += 100) {
    if (child.exitCode !== null) throw new Error(`nginx exited (${child.exitCode}): ${output}`);
    const up = await fetch(`${url}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (up) return { url, stop };
    if (waited > 15_000) {
      await stop();
      throw new Error(`nginx did not answer within 15 s: ${output}`);
    }
    await sleep(100);
  }
}

function killGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  try {
    if (child.pid) process.kill(-child.pid, signal);
  } catch {
    // already gone
  }
}
