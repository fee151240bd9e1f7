import type { Server } from 'node:http';
import type { Socket } from 'node:net';

/**
 * Keeps each connection's peer address for the connection's whole life. Node reads
 * `socket.remoteAddress` from the socket's handle, which is gone once the socket closes, so a
 * request still being handled when its client has gone away — behind HAProxy, a client that
 * aborts makes HAProxy close its connection to us — had `request.ip` undefined: every such
 * request shared one rate-limit key (`ip:undefined`, `login:ip:undefined`), and the HTTP limit's
 * key normalisation threw (a 500). Read here, on `connection`, while the handle is open, and kept
 * on the socket, it is what `request.ip` (the address itself, or behind a trusted proxy the hop
 * before X-Forwarded-For) and every key built from it see.
 */
export function keepPeerAddresses(server: Server): void {
  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress;
    // Unreadable already: the peer reset the connection before it was accepted (HAProxy resets a
    // health check it gave up waiting for). Node would still parse and run the request it had
    // sent, with no address; nobody is there for the answer, so it is closed unread.
    if (address === undefined) return void socket.destroy();
    Object.defineProperty(socket, 'remoteAddress', { value: address, enumerable: true, configurable: true });
  });
}
