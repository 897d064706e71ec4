/**
 * Child process of bench/realtime.ts: opens COUNT raw WebSocket clients on the API's Pusher
 * endpoint and keeps them idle (answering `pusher:ping` with `pusher:pong`), so the API's memory
 * per socket can be read from outside. Runs in its own process (with a raised `ulimit -n`) so the
 * clients' own memory and CPU stay out of the API's figures.
 *
 * Protocol on stdio: prints `{"connected":n,"failed":m}` once every client has settled (or the
 * deadline passed), then `{"closed":true}` after reading `close` on stdin.
 *
 * Usage: node --import tsx bench/realtime-clients.ts <wsUrl> <count> [concurrency] [deadlineMs]
 */
import WebSocket from 'ws';

const [url, countArg, concurrencyArg, deadlineArg] = process.argv.slice(2);
if (!url || !countArg) {
  process.stderr.write('usage: realtime-clients.ts <wsUrl> <count> [concurrency] [deadlineMs]\n');
  process.exit(2);
}
const COUNT = Number(countArg);
const CONCURRENCY = Number(concurrencyArg ?? 200);
const DEADLINE = Date.now() + Number(deadlineArg ?? 180_000);

const sockets: WebSocket[] = [];
let connected = 0;
let failed = 0;

/** One client: resolves true once `pusher:connection_established` arrived. */
function open(): Promise<boolean> {
  return new Promise((resolve) => {
    const ws = new WebSocket(url!, { perMessageDeflate: false });
    let settled = false;
    const done = (ok: boolean) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(ok);
    };
    const timer = setTimeout(() => {
      ws.terminate();
      done(false);
    }, 30_000);
    ws.on('message', (raw) => {
      const text = raw.toString();
      if (text.includes('"pusher:ping"')) ws.send('{"event":"pusher:pong","data":{}}');
      else if (text.includes('"pusher:connection_established"')) done(true);
    });
    ws.on('error', () => done(false));
    ws.on('close', () => done(false));
    sockets.push(ws);
  });
}

async function main() {
  let next = 0;
  const worker = async () => {
    while (next < COUNT && Date.now() < DEADLINE) {
      next++;
      if (await open()) connected++;
      else failed++;
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  process.stdout.write(`${JSON.stringify({ connected, failed })}\n`);

  process.stdin.setEncoding('utf8');
  process.stdin.on('data', (chunk: string) => {
    if (!chunk.includes('close')) return;
    for (const ws of sockets) ws.terminate();
    process.stdout.write(`${JSON.stringify({ closed: true })}\n`);
    setTimeout(() => process.exit(0), 100);
  });
  // The parent going away must not leave 10,000 sockets open.
  process.stdin.on('end', () => process.exit(0));
}

void main();
