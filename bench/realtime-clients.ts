/**
 * Child process of the real-time bench (bench/realtime.ts, bench/realtime-scale.ts): opens COUNT raw
 * WebSocket clients on the API's Pusher endpoint and keeps them idle (answering `pusher:ping` with
 * `pusher:pong`). Runs in its own process (with a raised `ulimit -n`) so the clients' own memory and
 * CPU stay out of the API's figures and the measuring process's event loop.
 *
 * Several URLs (comma-separated) take the clients in turn, so they spread evenly over API
 * instances. With a channel, each client also subscribes to it once connected, with the Pusher auth
 * signature made from the app secret in BENCH_RT_CLIENT_SECRET (the same HMAC `/broadcasting/auth`
 * answers with; the secret travels in the environment, not on the command line), and counts as
 * connected once the subscription succeeded. Frames are never parsed: only pings are answered.
 * BENCH_RT_CLIENT_PRESENCE names a presence channel each client also joins, as a member of its own
 * (`bench-<n>`), as a shop's devices all join the shop's presence channel. BENCH_RT_CLIENT_CHANNELS
 * names a file of channels, one a line, in place of the one channel: client n subscribes to line n
 * (many shops, each with its own devices).
 *
 * Protocol on stdio: prints `{"connected":n,"failed":m,"reasons":{…}}` once every client has settled (or the
 * deadline passed), then `{"closed":true,"dropped":d}` after reading `close` on stdin, d being the
 * connected clients whose socket closed before that without being asked to.
 *
 * Usage: node --import tsx bench/realtime-clients.ts <wsUrl[,wsUrl…]> <count> [concurrency] [deadlineMs] [channel]
 */
import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import WebSocket from 'ws';

const [urlArg, countArg, concurrencyArg, deadlineArg, channel] = process.argv.slice(2);
if (!urlArg || !countArg) {
  process.stderr.write('usage: realtime-clients.ts <wsUrl[,wsUrl…]> <count> [concurrency] [deadlineMs] [channel]\n');
  process.exit(2);
}
const URLS = urlArg.split(',');
const COUNT = Number(countArg);
const CONCURRENCY = Number(concurrencyArg ?? 200);
const DEADLINE = Date.now() + Number(deadlineArg ?? 180_000);
const SECRET = process.env.BENCH_RT_CLIENT_SECRET;
const PRESENCE = process.env.BENCH_RT_CLIENT_PRESENCE || undefined;
const CHANNELS = process.env.BENCH_RT_CLIENT_CHANNELS
  ? readFileSync(process.env.BENCH_RT_CLIENT_CHANNELS, 'utf8').split('\n').filter(Boolean)
  : undefined;
let members = 0;
if ((channel || CHANNELS) && !SECRET) {
  process.stderr.write('realtime-clients.ts: subscribing needs BENCH_RT_CLIENT_SECRET\n');
  process.exit(2);
}

const sockets: WebSocket[] = [];
let connected = 0;
let failed = 0;
/** Why clients failed: timeout, error, closed, refused (a subscription error). */
const reasons: Record<string, number> = {};
/** Connected clients whose socket closed unasked. */
let dropped = 0;
let closing = false;

/** `key:hex(HMAC_SHA256(secret, socket_id:channel[:channel_data]))`, the key being the one in the URL's path. */
function authFor(url: string, socketId: string, name: string, channelData?: string): string {
  const key = /\/app\/([^/?]+)/.exec(url)?.[1] ?? '';
  const text = channelData === undefined ? `${socketId}:${name}` : `${socketId}:${name}:${channelData}`;
  return `${key}:${createHmac('sha256', SECRET!).update(text).digest('hex')}`;
}

/** One client: resolves true once `pusher:connection_established` (and with a channel, its subscription) arrived. */
function open(url: string, target: string | undefined): Promise<boolean> {
  return new Promise((resolve) => {
    const ws = new WebSocket(url, { perMessageDeflate: false });
    let settled = false;
    let ok = false;
    let joined = 0;
    const done = (success: boolean, reason?: string) => {
      if (settled) return;
      settled = true;
      ok = success;
      if (reason) reasons[reason] = (reasons[reason] ?? 0) + 1;
      clearTimeout(timer);
      resolve(success);
    };
    const timer = setTimeout(() => {
      ws.terminate();
      done(false, 'timeout');
    }, 60_000);
    ws.on('message', (raw: Buffer) => {
      // Events fanned out to the channel are ignored unread; a ping is a short frame.
      if (settled && raw.length > 64) return;
      const text = raw.toString();
      if (text.includes('"pusher:ping"')) ws.send('{"event":"pusher:pong","data":{}}');
      else if (settled) return;
      else if (text.includes('"pusher:connection_established"')) {
        if (!target) return done(true);
        const { socket_id } = JSON.parse((JSON.parse(text) as { data: string }).data) as { socket_id: string };
        ws.send(
          JSON.stringify({
            event: 'pusher:subscribe',
            data: { channel: target, auth: authFor(url, socket_id, target) },
          }),
        );
        if (PRESENCE) {
          const channelData = JSON.stringify({ user_id: `bench-${members++}` });
          const auth = authFor(url, socket_id, PRESENCE, channelData);
          ws.send(
            JSON.stringify({ event: 'pusher:subscribe', data: { channel: PRESENCE, auth, channel_data: channelData } }),
          );
        }
      } else if (text.includes('pusher_internal:subscription_succeeded')) {
        if (!PRESENCE || ++joined === 2) done(true);
      } else if (text.includes('subscription_error')) done(false, 'refused');
    });
    ws.on('error', () => done(false, 'error'));
    ws.on('close', (code: number) => {
      if (settled && ok && !closing) dropped++;
      done(false, `closed ${code}`);
    });
    sockets.push(ws);
  });
}

async function main() {
  let next = 0;
  const worker = async () => {
    while (next < COUNT && Date.now() < DEADLINE) {
      const url = URLS[next % URLS.length]!;
      const own = CHANNELS ? CHANNELS[next] : channel;
      next++;
      if (await open(url, own)) connected++;
      else failed++;
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, COUNT) }, worker));
  process.stdout.write(`${JSON.stringify({ connected, failed, reasons })}\n`);

  process.stdin.setEncoding('utf8');
  process.stdin.on('data', (chunk: string) => {
    if (!chunk.includes('close')) return;
    closing = true;
    for (const ws of sockets) ws.terminate();
    process.stdout.write(`${JSON.stringify({ closed: true, dropped })}\n`);
    setTimeout(() => process.exit(0), 100);
  });
  // The parent going away must not leave thousands of sockets open.
  process.stdin.on('end', () => process.exit(0));
}

void main();
