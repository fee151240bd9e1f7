import fp from 'fastify-plugin';
import { Server, type Socket } from 'socket.io';
import { createAdapter } from '@socket.io/redis-adapter';
import {
  MESSAGES_CHANNEL, SOCKET_PATH, STATUS_MESSAGES, TypingRequestSchema, roomChannel,
  type ClientToServerEvents, type ServerToClientEvents, type SocketData, type SubscribeAck,
} from '@linkup/contract';

type LinkUpServer = Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;
type LinkUpSocket = Socket<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;
type EventName = keyof ServerToClientEvents;
type Payload<E extends EventName> = Parameters<ServerToClientEvents[E]>[0];

/** Decides whether a member may join a channel with this prefix (e.g. the chat module for `chat.room.`). */
export type ChannelAuthorizer = (userId: string, channel: string) => Promise<boolean>;

export interface Realtime {
  io: LinkUpServer;
  /** Emits to every socket of one member (their own room), on every server process. */
  toMember<E extends EventName>(userId: string, event: E, payload: Payload<E>): void;
  /** Emits to everyone subscribed to a channel such as `chat.room.{id}`. */
  toChannel<E extends EventName>(channel: string, event: E, payload: Payload<E>): void;
  authorizeChannels(prefix: string, authorizer: ChannelAuthorizer): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    realtime: Realtime;
  }
}

export const memberRoom = (userId: string) => `member:${userId}`;
const NOT_FOUND: SubscribeAck = { ok: false, message: STATUS_MESSAGES[404] };
/** At most one typing event relayed per socket in this window. */
const TYPING_INTERVAL_MS = 400;

/**
 * Socket.IO on the same HTTP server (DESIGN §5): the handshake carries the bearer token in
 * `auth`, every socket joins its member's own room, channels are joined only after a check,
 * and with REDIS_URL the Redis adapter carries events between processes.
 */
export const realtimePlugin = fp(async (app) => {
  const { config, redis } = app.deps;
  const io: LinkUpServer = new Server(app.server, {
    path: SOCKET_PATH,
    cors: { origin: config.corsOrigins },
    serveClient: false,
    maxHttpBufferSize: 64 * 1024,
  });

  const pubsub = redis ? [redis.duplicate(), redis.duplicate()] : [];
  if (pubsub.length === 2) {
    for (const client of pubsub) client.on('error', (err) => app.log.warn({ err: err.message }, 'redis pub/sub error'));
    io.adapter(createAdapter(pubsub[0], pubsub[1], { key: 'linkup:io' }));
  }

  const authorizers = new Map<string, ChannelAuthorizer>();
  const mayJoin = async (userId: string, channel: string): Promise<boolean> => {
    for (const [prefix, authorize] of authorizers) {
      if (channel.startsWith(prefix) && channel.length > prefix.length) return authorize(userId, channel);
    }
    return false;
  };

  io.use(async (socket, next) => {
    const token: unknown = socket.handshake.auth?.token;
    try {
      const member = typeof token === 'string' ? await app.deps.auth.authenticate(token) : null;
      if (!member) return next(new Error(STATUS_MESSAGES[401]));
      socket.data = { userId: member.user.id, name: member.user.name };
      return next();
    } catch (err) {
      app.log.error({ err }, 'socket authentication failed');
      return next(new Error(STATUS_MESSAGES[500]));
    }
  });

  io.on('connection', (socket: LinkUpSocket) => {
    const { userId } = socket.data;
    void socket.join(memberRoom(userId));
    let lastTyping = 0;

    socket.on('subscribe', async (channel, ack) => {
      const reply = typeof ack === 'function' ? ack : () => {};
      if (typeof channel !== 'string' || channel.length > 200) return reply(NOT_FOUND);
      if (channel === MESSAGES_CHANNEL) return reply({ ok: true });
      try {
        if (!(await mayJoin(userId, channel))) return reply(NOT_FOUND);
        await socket.join(channel);
        return reply({ ok: true });
      } catch (err) {
        app.log.error({ err, channel }, 'channel authorisation failed');
        return reply({ ok: false, message: STATUS_MESSAGES[500] });
      }
    });

    socket.on('unsubscribe', async (channel, ack) => {
      if (typeof channel === 'string' && channel !== MESSAGES_CHANNEL) await socket.leave(channel);
      if (typeof ack === 'function') ack({ ok: true });
    });

    socket.on('typing', (payload) => {
      const parsed = TypingRequestSchema.safeParse(payload);
      if (!parsed.success) return;
      const channel = roomChannel(parsed.data.chat_room_id);
      const now = Date.now();
      if (!socket.rooms.has(channel) || now - lastTyping < TYPING_INTERVAL_MS) return;
      lastTyping = now;
      socket.to(channel).emit('typing', { channel, chat_room_id: parsed.data.chat_room_id, user_id: userId, name: socket.data.name });
    });
  });

  const realtime: Realtime = {
    io,
    toMember(userId, event, payload) {
      // Socket.IO's emit typing cannot follow a generic event name; the signature above keeps callers typed.
      (io.to(memberRoom(userId)).emit as (e: string, p: unknown) => boolean)(event, payload);
    },
    toChannel(channel, event, payload) {
      (io.to(channel).emit as (e: string, p: unknown) => boolean)(event, payload);
    },
    authorizeChannels(prefix, authorizer) {
      authorizers.set(prefix, authorizer);
    },
  };
  app.decorate('realtime', realtime);

  app.addHook('preClose', async () => {
    io.local.disconnectSockets(true);
  });
  app.addHook('onClose', async () => {
    await new Promise<void>((resolve) => io.close(() => resolve()));
    await Promise.all(pubsub.map((c) => c.quit().catch(() => c.disconnect())));
  });
});
