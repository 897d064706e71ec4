/**
 * How the web server (web-server.ts) ends a call whose answer came before the whole request body: a
 * handler may answer without reading it all (the API refusing an oversized upload with 413, the BFF
 * refusing an upload without a login with 401 and `Connection: close`).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

/** How long the rest of a body the answer did not need is read and dropped before the connection is closed. */
const DRAIN_MS = 30_000;

/**
 * The client keeps sending until its body is out, and a kept-alive connection cannot carry the next
 * request before that: after the answer, read and drop the rest (for at most DRAIN_MS, then close the
 * connection).
 */
export function drainUnreadBody(req: IncomingMessage, res: ServerResponse): void {
  const socket = req.socket;
  res.once('finish', () => {
    if (req.complete) return;
    const timer = setTimeout(() => socket.destroy(), req.destroyed ? 1_000 : DRAIN_MS);
    timer.unref();
    // Per request, and removed with it: a kept-alive connection carries many such calls (cross-site
    // refusals, say), and a listener left on the socket for each piled up until Node warned.
    const stop = () => {
      clearTimeout(timer);
      socket.off('close', stop);
      req.off('end', stop);
    };
    socket.once('close', stop);
    if (req.destroyed) return;
    req.once('end', stop);
    req.resume();
  });
}

/**
 * Node's HTTP parser reads a server socket itself, below the stream: once the request's buffer was
 * full it stopped that reading, and `resume()` on the socket does not start it again (the stream is
 * not paused, its handle simply reads no more). Started on the handle, as Node's own `net` does: the
 * parser then reads the rest, and drops it for the answered request.
 */
function readAgain(socket: Socket): void {
  const handle = (socket as unknown as { _handle?: { reading?: boolean; readStart?: () => number } | null })._handle;
  if (!handle || handle.reading || typeof handle.readStart !== 'function') return;
  handle.reading = true;
  if (handle.readStart() !== 0) socket.destroy();
}

const current = Symbol('current request');
type TrackedSocket = Socket & { [current]?: IncomingMessage };

/** Marks `req` as its connection's request in flight, for `lingerOnClose`. */
export function trackRequest(req: IncomingMessage): void {
  (req.socket as TrackedSocket)[current] = req;
}

/**
 * When such an answer also ends the connection, Node sends it and destroys the socket at once; with
 * the client's body still arriving, closing a socket that holds unread input makes the kernel reset
 * the connection, and the reset can reach the client before it has read the answer (it then sees
 * only a broken pipe). So the close lingers: the answer and a FIN go out, the rest of the body is
 * read and dropped until the client stops sending (or DRAIN_MS pass), then the socket is closed.
 * For the server's 'connection' event.
 */
export function lingerOnClose(socket: Socket): void {
  const tracked = socket as TrackedSocket;
  const destroySoon = tracked.destroySoon;
  tracked.destroySoon = function lingeringDestroySoon() {
    const req = tracked[current];
    if (!req || req.complete || tracked.destroyed) return destroySoon.call(tracked);
    tracked.end();
    tracked.on('data', () => {});
    tracked.resume();
    readAgain(tracked);
    const timer = setTimeout(() => tracked.destroy(), DRAIN_MS);
    timer.unref();
    tracked.once('end', () => tracked.destroy());
    tracked.once('close', () => clearTimeout(timer));
  };
}
