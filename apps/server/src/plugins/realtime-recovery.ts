import { Adapter, MessageType, type BroadcastOptions, type Session } from 'socket.io-adapter';
import type { Namespace, Socket } from 'socket.io';

/**
 * Exact connection-state recovery over `@socket.io/redis-streams-adapter` (issue 33). The adapter
 * alone loses events at a reconnect in three ways, each seen in the rolling-restart test:
 *
 * 1. **Out of order.** A process delivers its own broadcasts at once but other processes' ones
 *    when its stream reader gets to them, so a client can get offset 5 (local) before offset 4
 *    (remote). Dropped in between, it resumes after 5 and never gets 4.
 * 2. **The middleware gap.** A recovered socket joins its rooms at once but counts as connected
 *    only after the middlewares ran (a database look-up, a count across processes): events
 *    broadcast meanwhile skip it (the in-memory adapter sends only to connected sockets).
 * 3. **The read race.** The restore reads the stream on one connection while the reader reads it
 *    on another: an entry the reader handled just before the restore's answer was processed is
 *    in neither.
 *
 * Here every broadcast that recovery keeps (an event without an ack, not volatile) reaches this
 * process's sockets only through the stream reader, in stream order, its own included; a
 * recovering socket's missed events and everything broadcast to it until it connects are held
 * and sent when it connects (`connected`), from the restore's offset on, once each. A socket the
 * middlewares refuse is sent nothing (the adapter alone sent missed events before they ran).
 */

/** The adapter's members this relies on (protected or internal in socket.io-adapter 2.5, redis-streams-adapter 0.3). */
interface StreamAdapter extends Adapter {
  uid: string;
  onMessage(message: StreamMessage, offset?: string): void;
  publishAndReturnOffset(message: { type: MessageType; data: unknown }): Promise<string>;
  restoreSession(pid: string, offset: string): Promise<Session>;
}

interface StreamMessage {
  uid: string;
  nsp: string;
  type: MessageType;
  data?: { packet?: Packet; opts?: EncodedOptions; requestId?: string };
}

interface Packet {
  type: number;
  id?: number;
  data: unknown[];
}

interface EncodedOptions {
  rooms: string[];
  except: string[];
  flags?: BroadcastOptions['flags'];
}

/** What the stream reader reads raw (`onlyPlaintext`: data is JSON). */
type StreamEntry = [id: string, fields: string[]];

interface StreamReader {
  xrange(stream: string, start: string, end: string): Promise<StreamEntry[]>;
}

/** Socket.IO's EVENT packet type. */
const EVENT = 2;
/** A recovering socket that never connects (refused by a middleware) is forgotten after this. */
const HOLD_MS = 60_000;
/** How often a process whose stream reader has handed over nothing yet adds an entry for it to read. */
const PROBE_MS = 100;

/** Events the stream keeps for recovery: events without an ack, not volatile, not local only. */
const replayable = (packet: Packet, flags: BroadcastOptions['flags']) =>
  packet.type === EVENT && packet.id === undefined && flags?.volatile === undefined && !flags?.local;

/** Stream ids `ms-seq` in order. */
export function offsetAfter(a: string, b: string): boolean {
  const [am = 0, as = 0] = a.split('-').map(Number);
  const [bm = 0, bs = 0] = b.split('-').map(Number);
  return am !== bm ? am > bm : as > bs;
}

/** Whether a broadcast to `opts` reaches a socket in `rooms` (the adapter's own rule for missed events). */
const reaches = (rooms: readonly string[], opts: EncodedOptions) =>
  (opts.rooms.length === 0 || rooms.some((room) => opts.rooms.includes(room))) && rooms.every((room) => !opts.except.includes(room));

interface Held {
  rooms: readonly string[];
  /** Events (with their offset last) to send when the socket connects, in stream order. */
  events: unknown[][];
  /** The last offset held: the reader's later entries up to it are not sent again. */
  upTo: string;
  since: number;
}

export interface ExactRecovery {
  /** The adapter factory to give `io.adapter`. */
  adapter(nsp: Namespace): Adapter;
  /** Sends a recovered socket what it missed, a new one its resume point; call first thing in the connection handler. */
  connected(socket: Socket): void;
}

/**
 * Wraps the streams adapter's factory: `stream` is the adapter's stream name, `reader` a Redis
 * client for the restore's catch-up reads.
 */
export function exactRecovery(factory: (nsp: Namespace) => Adapter, stream: string, reader: StreamReader): ExactRecovery {
  /** Recovering sockets by id, until they connect. */
  const held = new Map<string, Held>();
  /** Connected sockets whose held events reached `upTo`: the reader's entries up to it are theirs already. */
  const sentUpTo = new Map<string, string>();
  /** The last stream entry the reader handed over. */
  let lastRead = '0-0';

  const hold = (offset: string, packet: Packet, opts: EncodedOptions) => {
    const now = Date.now();
    for (const [sid, h] of held) {
      if (now - h.since > HOLD_MS) held.delete(sid);
      else if (offsetAfter(offset, h.upTo) && reaches(h.rooms, opts)) {
        h.events.push([...packet.data, offset]);
        h.upTo = offset;
      }
    }
  };

  /** Sockets that already have this entry (sent with their held events). */
  const alreadySent = (offset: string): string[] => {
    const sids: string[] = [];
    for (const [sid, upTo] of sentUpTo) {
      if (offsetAfter(offset, upTo)) sentUpTo.delete(sid);
      else sids.push(sid);
    }
    return sids;
  };

  const wrap = (adapter: StreamAdapter): StreamAdapter => {
    const deliverLocally = (packet: Packet, opts: EncodedOptions, offset: string) => {
      hold(offset, packet, opts);
      const except = [...opts.except, ...alreadySent(offset)];
      Adapter.prototype.broadcast.call(adapter, { ...packet, data: [...packet.data, offset] }, {
        rooms: new Set(opts.rooms), except: new Set(except), flags: opts.flags ?? {},
      });
    };

    // The reader starts at the stream's end ("$") once its first read is under way: until it has
    // handed over an entry, this process's own broadcasts are delivered at once (as the adapter
    // alone does), and remembered so the reader does not deliver them again.
    let readerRunning = false;
    const deliveredAtOnce = new Set<string>();
    const probe = setInterval(() => {
      if (readerRunning) return clearInterval(probe);
      // An entry of no meaning to any process (the cluster adapter ignores heartbeats), so a quiet stream has one to hand over.
      adapter.publishAndReturnOffset({ type: MessageType.HEARTBEAT, data: undefined }).catch(() => {});
    }, PROBE_MS);
    probe.unref();
    const close = adapter.close.bind(adapter);
    adapter.close = () => {
      clearInterval(probe);
      return close();
    };

    const broadcast = adapter.broadcast.bind(adapter);
    adapter.broadcast = (packet: Packet, opts: BroadcastOptions) => {
      if (!replayable(packet, opts.flags)) return broadcast(packet, opts);
      // Published only: this process's sockets get it from the stream reader, in stream order.
      const encoded: EncodedOptions = { rooms: [...opts.rooms], except: [...(opts.except ?? [])], flags: opts.flags };
      adapter.publishAndReturnOffset({ type: MessageType.BROADCAST, data: { packet, opts: encoded } }).then(
        (offset) => {
          if (readerRunning) return;
          deliveredAtOnce.add(offset);
          deliverLocally(packet, encoded, offset);
        },
        // Redis is away: this process's sockets still get it (with no offset to resume from).
        () => Adapter.prototype.broadcast.call(adapter, packet, opts),
      );
    };

    const onMessage = adapter.onMessage.bind(adapter);
    adapter.onMessage = (message: StreamMessage, offset?: string) => {
      if (offset === undefined) return onMessage(message, offset);
      readerRunning = true;
      if (offsetAfter(offset, lastRead)) lastRead = offset;
      const packet = message.data?.packet;
      const opts = message.data?.opts;
      if (message.type === MessageType.BROADCAST && message.data?.requestId === undefined && packet && opts && replayable(packet, opts.flags)) {
        if (message.uid === adapter.uid && deliveredAtOnce.delete(offset)) return;
        return deliverLocally(packet, opts, offset);
      }
      return onMessage(message, offset);
    };

    const restoreSession = adapter.restoreSession.bind(adapter);
    adapter.restoreSession = async (pid: string, offset: string) => {
      const session = await restoreSession(pid, offset);
      const missed = [...(session.missedPackets as unknown[][])];
      const last = missed.at(-1)?.at(-1);
      const restoredTo = typeof last === 'string' ? last : offset;
      const h: Held = { rooms: session.rooms, events: [...missed], upTo: restoredTo, since: Date.now() };
      held.set(session.sid, h);
      // The reader may have handed over entries past the restore's last read before the restore's
      // answer was processed: those are read again here. Entries it hands over from now on are
      // held as they come, after these in stream order.
      const readTo = lastRead;
      if (offsetAfter(readTo, restoredTo)) {
        const caughtUp: unknown[][] = [];
        for (const [id, fields] of await reader.xrange(stream, `(${restoredTo}`, readTo)) {
          const message = streamMessage(fields);
          const packet = message?.data?.packet;
          const opts = message?.data?.opts;
          if (message?.type === MessageType.BROADCAST && packet && opts && replayable(packet, opts.flags) && reaches(h.rooms, opts)) {
            caughtUp.push([...packet.data, id]);
          }
        }
        h.events = [...missed, ...caughtUp, ...h.events.slice(missed.length)];
        const newest = h.events.at(-1)?.at(-1);
        if (typeof newest === 'string' && offsetAfter(newest, h.upTo)) h.upTo = newest;
      }
      // Sent when the socket connects, once the middlewares agreed (`connected`).
      return { ...session, missedPackets: [] };
    };
    return adapter;
  };

  return {
    // Socket.IO calls it with `new`: a function, not an arrow.
    adapter: function adapter(nsp: Namespace) {
      return wrap(factory(nsp) as StreamAdapter);
    },
    connected(socket) {
      // A new connection gets a resume point at once: without an offset, one that drops before
      // its first event could not resume.
      if (!socket.recovered) return void (socket.emit as (event: string, payload: object) => boolean)('resume.point', {});
      const h = held.get(socket.id);
      if (!h) return;
      held.delete(socket.id);
      sentUpTo.set(socket.id, h.upTo);
      // Straight to this socket: `socket.emit` would publish them to the stream again (with recovery on, it broadcasts to the socket's room).
      for (const data of h.events) {
        Adapter.prototype.broadcast.call(socket.nsp.adapter, { type: EVENT, data }, { rooms: new Set([socket.id]), except: new Set<string>(), flags: {} });
      }
    },
  };
}

/** A raw stream entry's message (`onlyPlaintext`: its data is JSON). */
function streamMessage(fields: string[]): StreamMessage | null {
  const raw: Record<string, string> = {};
  for (let i = 0; i + 1 < fields.length; i += 2) raw[fields[i]!] = fields[i + 1]!;
  try {
    return { uid: raw.uid ?? '', nsp: raw.nsp ?? '', type: Number(raw.type) as MessageType, data: raw.data ? JSON.parse(raw.data) : undefined };
  } catch {
    return null;
  }
}
