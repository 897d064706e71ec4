/**
 * The BFF's honest peer in the bench: a bare `node:http` pass-through proxy to the same API, with a
 * keep-alive agent, piping the request and the answer and doing nothing else (no session, no
 * headers rewritten). The BFF runs in a process of its own (the web server, web-server.ts), so this does
 * too: both pay one more process hop and the same scheduling on a shared machine. What the BFF adds
 * on top of this is its own work.
 *
 *   node --import tsx bench/passthrough.ts PORT API_PORT   (the bench starts it: startPassThrough)
 */
import { spawn } from 'node:child_process';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = fileURLToPath(import.meta.url);

function serve(port: number, apiPort: number): void {
  // As the BFF's transport: LIFO, so a burst does not keep every socket half-idle.
  const agent = new http.Agent({ keepAlive: true, keepAliveMsecs: 1_000, maxFreeSockets: 64, scheduling: 'lifo' });
  const server = http.createServer((req, res) => {
    const upstream = http.request(
      { host: '127.0.0.1', port: apiPort, method: req.method, path: req.url, headers: req.headers, agent },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.statusMessage, answer.rawHeaders);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  server.keepAliveTimeout = 65_000;
  server.listen(port, '127.0.0.1', () => process.stdout.write(`pass-through ready on ${port} → ${apiPort}\n`));
  const stop = () => {
    server.close(() => process.exit(0));
    server.closeAllConnections();
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

/** Starts the pass-through in a process of its own; resolves once it listens. */
export function startPassThrough(port: number, apiPort: number): Promise<{ stop(): Promise<void> }> {
  const child = spawn(process.execPath, ['--import', 'tsx', here, String(port), String(apiPort)], {
    cwd: path.dirname(here),
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
  };
  return new Promise((resolve, reject) => {
    child.once('exit', (code) =>
      reject(new Error(`the pass-through proxy exited (${code}) before listening on ${port}`)),
    );
    child.stdout!.once('data', () => resolve({ stop }));
  });
}

if (process.argv[1] === here) serve(Number(process.argv[2]), Number(process.argv[3]));
