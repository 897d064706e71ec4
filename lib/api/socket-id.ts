/**
 * The realtime connection's socket id, sent as X-Socket-ID so the API can leave the sender out of
 * its own broadcasts. The realtime module sets it once connected; until then no header is sent.
 */
let socketId: string | null = null;

export function setSocketId(id: string | null): void {
  socketId = id;
}

export function getSocketId(): string | null {
  return socketId;
}
