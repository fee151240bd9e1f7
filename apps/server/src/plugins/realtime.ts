import fp from 'fastify-plugin';
import { Server, type Socket } from 'socket.io';
import { createAdapter } from '@socket.io/redis-streams-adapter';
import {
  CONFLICT_MESSAGE, ERROR_CODE_STATUS, MESSAGES_CHANNEL, MODERATION_MESSAGES, SOCKET_PATH, STATUS_MESSAGES, TypingRequestSchema, channelId, errorCodeForStatus, roomChannel,
  type ConnectRefusal, type ErrorCode, type ErrorDetails,
  type ClientToServerEvents, type CommandAck, type FieldErrors, type ServerToClientEvents, type SocketData, type SubscribeAck,
} from '@linkup/contract';
import { databaseErrorStatus } from '../db/errors';
import { AppError } from '../lib/http-errors';
import { zodFieldErrors } from '../lib/zod-errors';
import { exactRecovery, type ExactRecovery } from './realtime-recovery';
import {
  memberRoom, sessionRoom, type ChannelAuthorizer, type CommandHandler, type CommandName, type EmitOptions, type Realtime,
} from '../lib/realtime';

/** What the server keeps on a socket: the contract's data, and the session it was opened with. */
type ServerSocketData = SocketData & { sessionId: string };
/**
 * What processes ask each other behind the Redis adapter, each answering from its own sockets.
 * Not `fetchSockets`: its answers carry every socket's handshake, bearer token included, across
 * Redis, and cost a serialised copy of each socket per question.
 */
interface InterServerEvents {
  /** Whether one of the member's sockets on this process follows the channel. */
  follows: (userId: string, channel: string, answer: (follows: boolean) => void) => void;
  /** How many sockets the member has open on this process. */
  openSockets: (userId: string, answer: (count: number) => void) => void;
}
type LinkUpServer = Server<ClientToServerEvents, ServerToClientEvents, InterServerEvents, ServerSocketData>;
type LinkUpSocket = Socket<ClientToServerEvents, ServerToClientEvents, InterServerEvents, ServerSocketData>;

declare module 'fastify' {
  interface FastifyInstance {
    realtime: Realtime;
  }
}

/** An unknown channel and one the member may not follow answer alike. */
const NOT_FOUND: SubscribeAck = { ok: false, code: 'channel_not_found', message: STATUS_MESSAGES[404] };
/** Channel subscriptions a member may ask for per minute (each is a membership check). */
export const SUBSCRIBES_PER_MINUTE = 120;
const TOO_MANY: SubscribeAck = { ok: false, code: 'subscribe_limit', message: STATUS_MESSAGES[429] };
const SIGNED_OUT: SubscribeAck = { ok: false, code: 'unauthenticated', message: STATUS_MESSAGES[401] };
/** setTimeout's longest delay (about 24.8 days); a later session expiry is checked again then. */
const MAX_TIMER_MS = 2 ** 31 - 1;
/** At most one typing event relayed per socket in this window. */
export const TYPING_INTERVAL_MS = 400;
const MINUTE_MS = 60_000;
/**
 * How long a draining socket's connection may wait for its client to answer the WebSocket close:
 * enough for the acks already written to leave, after which the connection is cut. A client that
 * never answers (a phone gone quiet, a stalled process) would otherwise hold it for ws's 30 s
 * close timeout, and the server's close with it, past SHUTDOWN_GRACE_MS.
 */
const CLOSE_LINGER_MS = 2_000;
/**
 * How long a dropped connection's state (rooms, missed events) is kept: a client reconnecting
 * within it — to this process or, through the Redis stream, to another — gets what it missed.
 */
export const RECOVERY_WINDOW_MS = 2 * MINUTE_MS;

/** The caller's address, as Fastify's `request.ip` has it: behind a trusted proxy, the first forwarded one. */
function clientAddress(remote: string, forwarded: string | string[] | undefined, trustProxy: boolean): string {
  const first = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(',')[0]?.trim();
  return trustProxy && first ? first : remote;
}

const failure = (code: ErrorCode, message: string, options: { errors?: FieldErrors; details?: ErrorDetails } = {}): CommandAck<never> => ({
  ok: false, status: ERROR_CODE_STATUS[code], code, message,
  ...(options.errors ? { errors: options.errors } : {}), ...(options.details ? { details: options.details } : {}),
});

/** A refused handshake: the client's `connect_error` carries the code as `error.data` (never to be told apart by its message). */
function refusal(code: ErrorCode, message: string): Error & { data: ConnectRefusal } {
  return Object.assign(new Error(message), { data: { status: ERROR_CODE_STATUS[code], code } });
}

/**
 * Socket.IO on the same HTTP server (DESIGN §5): the handshake carries the bearer token in
 * `auth`, every socket joins its member's own room, channels are joined only after a check,
 * and with REDIS_URL the Redis Streams adapter carries events between processes and keeps them
 * for connections that resume on another process (issue 33).
 */
export const realtimePlugin = fp(async (app) => {
  const { config, redis, limiter, clock } = app.deps;
  const perMinute = (key: string, max: number) => limiter.take(key, max, MINUTE_MS);
  const io: LinkUpServer = new Server(app.server, {
    path: SOCKET_PATH,
    cors: { origin: config.corsOrigins },
    serveClient: false,
    maxHttpBufferSize: 64 * 1024,
    // The middlewares below run again for a recovered connection (its session may have ended).
    connectionStateRecovery: { maxDisconnectionDuration: RECOVERY_WINDOW_MS, skipMiddlewares: false },
  });

  // Issue 33: the Redis Streams adapter — events go through a stream every process reads, so a
  // socket that reconnects to another process is sent what it missed (connection-state
  // recovery). Its readers are duplicates of this connection and keep their commands until Redis
  // answers (no retry limit): a read failing at once while Redis is away would loop.
  const publisher = redis ? redis.duplicate({ maxRetriesPerRequest: null }) : null;
  let recovery: ExactRecovery | null = null;
  if (publisher) {
    publisher.on('error', (err) => app.log.warn({ err: err.message }, 'redis real-time error'));
    const streamName = `${config.redisKeyPrefix}io`;
    // Recovery that loses nothing at a reconnect (realtime-recovery.ts explains the three gaps it closes).
    recovery = exactRecovery(createAdapter(publisher, {
      streamName,
      channelPrefix: `${config.redisKeyPrefix}io`,
      sessionKeyPrefix: `${config.redisKeyPrefix}io:session:`,
      maxLen: config.realtimeStreamMaxLen,
      blockTimeInMs: 2000,
      onlyPlaintext: true,
    }), streamName, publisher);
    io.adapter(recovery.adapter);
  }

  app.metrics.socketsConnected(() => io.of('/').sockets.size);

  /** Each local socket's drain: closes its connection once its sends in flight are answered. */
  const drains = new Map<string, () => Promise<void>>();

  const authorizers = new Map<string, ChannelAuthorizer>();
  /** A channel a member may ask for: a known prefix and an id (checked before any query), else null. */
  const knownChannel = (channel: unknown): { channel: string; authorize: ChannelAuthorizer } | null => {
    for (const [prefix, authorize] of authorizers) {
      if (channelId(channel, prefix) !== null) return { channel: channel as string, authorize };
    }
    return null;
  };

  const commands = new Map<CommandName, CommandHandler<CommandName>>();

  // The member's sockets on this process, and what the others answer about theirs.
  const localRooms = () => io.of('/').adapter.rooms;
  const openHere = (userId: string): number => localRooms().get(memberRoom(userId))?.size ?? 0;
  const followsHere = (userId: string, channel: string): boolean => {
    const mine = localRooms().get(memberRoom(userId));
    const following = localRooms().get(channel);
    if (!mine || !following) return false;
    for (const id of mine) if (following.has(id)) return true;
    return false;
  };
  if (publisher) {
    io.on('follows', (userId, channel, answer) => answer(followsHere(userId, channel)));
    io.on('openSockets', (userId, answer) => answer(openHere(userId)));
  }
  /** What every other process answers; one that does not answer in time (it just died) answers nothing. */
  const othersAnswer = <T>(ask: () => Promise<T[]>): Promise<T[]> =>
    publisher ? ask().catch((err: { responses?: T[] }) => err.responses ?? []) : Promise.resolve([]);

  /** The sockets a member has open, on every process (one that just died counts none: its sockets are reconnecting elsewhere). */
  const openSocketsOf = async (userId: string): Promise<number> =>
    (await othersAnswer(() => io.serverSideEmitWithAck('openSockets', userId))).reduce((sum, count) => sum + count, openHere(userId));

  /** Runs one command for the socket's member and answers it as the HTTP call would. */
  const runCommand = async (socket: LinkUpSocket, token: string, command: CommandName, payload: unknown): Promise<CommandAck<unknown>> => {
    const handler = commands.get(command);
    if (!handler) return failure('command_not_found', STATUS_MESSAGES[404]);
    const member = await app.memberForToken(token);
    // The session ended (logout elsewhere, reset, deletion): the caller closes the socket.
    if (!member || member.user.id !== socket.data.userId) return failure('unauthenticated', STATUS_MESSAGES[401]);
    // A suspended or banned member does nothing over a socket either (issue 30).
    if (app.services.moderation.isRestricted(member.user)) {
      return failure('account_suspended', MODERATION_MESSAGES.accountSuspended, { details: { until: member.user.restricted_until } });
    }
    // Keyed by the member, so all their sessions and sockets, on every process, share one allowance.
    // rate_limited, as the HTTP call's per-member limit answers.
    if (!(await perMinute(`${command}:member:${member.user.id}`, handler.perMinute))) return failure('rate_limited', STATUS_MESSAGES[429]);
    const parsed = handler.schema.safeParse(payload);
    if (!parsed.success) return failure('validation_failed', STATUS_MESSAGES[422], { errors: zodFieldErrors(parsed.error.issues) });
    try {
      const { status, data } = await handler.run(member.user.id, parsed.data, { socketId: socket.id });
      return { ok: true, status, data };
    } catch (err) {
      if (err instanceof AppError) return failure(err.code, err.message, err);
      app.log.error({ err, command }, 'socket command failed');
      const status = databaseErrorStatus(err);
      if (status) return failure(errorCodeForStatus(status), status === 409 ? CONFLICT_MESSAGE : STATUS_MESSAGES[status]);
      return failure('server_error', STATUS_MESSAGES[500]);
    }
  };

  // Connection attempts per address, before any database work: upgrades pass no HTTP rate limit.
  io.use((socket, next) => {
    const address = clientAddress(socket.handshake.address, socket.handshake.headers['x-forwarded-for'], config.trustProxy);
    void perMinute(`socket.connect:ip:${address}`, config.socketConnectsPerMinute).then(
      (allowed) => next(allowed ? undefined : refusal('socket_connect_limit', STATUS_MESSAGES[429])),
      () => next(refusal('server_error', STATUS_MESSAGES[500])),
    );
  });

  io.use(async (socket, next) => {
    const token: unknown = socket.handshake.auth?.token;
    try {
      const member = typeof token === 'string' ? await app.memberForToken(token) : null;
      if (!member) return next(refusal('unauthenticated', STATUS_MESSAGES[401]));
      // A restricted session (issue 30) reaches only its standing over HTTP: no live connection.
      if (app.services.moderation.isRestricted(member.user)) return next(refusal('account_suspended', MODERATION_MESSAGES.accountSuspended));
      if ((await openSocketsOf(member.user.id)) >= config.socketsPerMember) return next(refusal('socket_limit', STATUS_MESSAGES[429]));
      socket.data = { userId: member.user.id, name: member.user.name, sessionId: member.sessionId };
      return next();
    } catch (err) {
      app.log.error({ err }, 'socket authentication failed');
      return next(refusal('server_error', STATUS_MESSAGES[500]));
    }
  });

  io.on('connection', (socket: LinkUpSocket) => {
    // A recovered socket is sent what it missed only now, after the middlewares agreed.
    recovery?.connected(socket);
    const { userId, sessionId } = socket.data;
    // Kept here, not in socket.data (which other processes can read through the Redis adapter).
    const token = String(socket.handshake.auth.token);
    // Ending the session (logout, password change or reset, deletion, …) closes the sockets in its room.
    void socket.join([memberRoom(userId), sessionRoom(sessionId)]);
    // Connections made at once all pass the check above: counted again once joined, those over
    // the cap close themselves (all of them, at worst — never more than the cap stay).
    void openSocketsOf(userId).then(
      (open) => open > config.socketsPerMember && socket.disconnect(true),
      (err: unknown) => app.log.warn({ err }, 'socket count failed'),
    );
    let lastTyping = 0;

    /**
     * Whether the socket's session still signs its member in, as `message.send` asks: an ended
     * session's sockets are closed when it ends, and this covers the rest — a session that ended
     * while the socket connected, and one that expires (checked again at its expiry).
     */
    let expiry: NodeJS.Timeout | undefined;
    const stillSignedIn = async (): Promise<boolean> => {
      const member = await app.memberForToken(token);
      if (!member || member.user.id !== userId) return false;
      clearTimeout(expiry);
      const left = Date.parse(member.sessionExpiresAt) - clock.now().getTime();
      expiry = setTimeout(() => void check(), Math.min(Math.max(left, 0), MAX_TIMER_MS));
      return true;
    };
    const check = () =>
      stillSignedIn()
        .then((live) => live || socket.disconnect(true))
        .catch((err: unknown) => app.log.warn({ err }, 'socket session check failed'));
    socket.on('disconnect', () => clearTimeout(expiry));
    void check();

    // Issue 33: at the drain, the connection closes once every send in flight is committed and
    // answered; the client reconnects (to another process) and resumes where it was.
    let sending = 0;
    let closeWhenIdle: (() => void) | null = null;
    const closeIfIdle = () => {
      if (closeWhenIdle && sending === 0) closeWhenIdle();
    };
    drains.set(socket.id, () => new Promise<void>((resolve) => {
      if (socket.disconnected) return resolve();
      closeWhenIdle = () => {
        closeWhenIdle = null;
        // Closes the transport (not a Socket.IO disconnect): the client reconnects with its
        // jittered back-off, and the session is kept for recovery ("forced close").
        socket.conn.close();
        const connection = socket.request.socket;
        setTimeout(() => connection.destroy(), CLOSE_LINGER_MS).unref();
        resolve();
      };
      closeIfIdle();
    }));
    socket.on('disconnect', () => {
      drains.delete(socket.id);
      closeWhenIdle?.();
    });

    socket.on('message.send', (payload, ack) => {
      if (typeof ack !== 'function') return;
      sending += 1;
      void runCommand(socket, token, 'message.send', payload).then((result) => {
        (ack as (result: CommandAck<unknown>) => void)(result);
        if (result.ok) app.metrics.messageSent();
        // A session that ended may do nothing more on this socket (the answer goes out first).
        if (result.status === 401) socket.disconnect(true);
      }).finally(() => {
        sending -= 1;
        closeIfIdle();
      });
    });

    socket.on('subscribe', async (channel, ack) => {
      const reply = typeof ack === 'function' ? ack : () => {};
      if (channel === MESSAGES_CHANNEL) return reply({ ok: true });
      const known = knownChannel(channel);
      if (!known) return reply(NOT_FOUND);
      try {
        if (!(await perMinute(`subscribe:member:${userId}`, SUBSCRIBES_PER_MINUTE))) return reply(TOO_MANY);
        if (!(await stillSignedIn())) {
          reply(SIGNED_OUT);
          return socket.disconnect(true);
        }
        if (!(await known.authorize(userId, known.channel))) return reply(NOT_FOUND);
        await socket.join(known.channel);
        return reply({ ok: true });
      } catch (err) {
        app.log.error({ err, channel: known.channel }, 'channel authorisation failed');
        const status = databaseErrorStatus(err);
        return reply({ ok: false, code: errorCodeForStatus(status ?? 500), message: status === 409 ? CONFLICT_MESSAGE : STATUS_MESSAGES[status ?? 500] });
      }
    });

    // Only a channel `subscribe` could have joined: never the member's or the session's own room.
    socket.on('unsubscribe', async (channel, ack) => {
      const known = knownChannel(channel);
      if (known) await socket.leave(known.channel);
      if (typeof ack === 'function') ack({ ok: true });
    });

    socket.on('typing', (payload) => {
      const parsed = TypingRequestSchema.safeParse(payload);
      if (!parsed.success) return;
      const channel = roomChannel(parsed.data.chat_room_id);
      const now = Date.now();
      if (!socket.rooms.has(channel) || now - lastTyping < TYPING_INTERVAL_MS) return;
      lastTyping = now;
      void stillSignedIn().then(
        (live) => {
          if (!live) return socket.disconnect(true);
          socket.to(channel).emit('typing', { channel, chat_room_id: parsed.data.chat_room_id, user_id: userId, name: socket.data.name });
        },
        (err: unknown) => app.log.warn({ err }, 'socket session check failed'),
      );
    });
  });

  // A socket's id is also a room, so `except` holds on every process behind the Redis adapter (and so do members' rooms).
  const to = (rooms: string | string[], options: EmitOptions | undefined) => {
    const except = [...(options?.except ? [options.except] : []), ...(options?.exceptMembers ?? []).map(memberRoom)];
    return except.length > 0 ? io.to(rooms).except(except) : io.to(rooms);
  };

  const realtime: Realtime = {
    toMember(userId, event, payload) {
      // Socket.IO's emit typing cannot follow a generic event name; the signature above keeps callers typed.
      (io.to(memberRoom(userId)).emit as (e: string, p: unknown) => boolean)(event, payload);
    },
    toMembers(userIds, event, payload, options) {
      if (userIds.length === 0) return;
      (to(userIds.map(memberRoom), options).emit as (e: string, p: unknown) => boolean)(event, payload);
    },
    toChannel(channel, event, payload, options) {
      (to(channel, options).emit as (e: string, p: unknown) => boolean)(event, payload);
    },
    toChannelAndMembers(channel, userIds, event, payload, options) {
      (to([channel, ...userIds.map(memberRoom)], options).emit as (e: string, p: unknown) => boolean)(event, payload);
    },
    async removeFromChannel(userIds, channel) {
      if (userIds.length === 0) return;
      // Here at once; on the other processes through the stream, before anything broadcast after it.
      io.in(userIds.map(memberRoom)).socketsLeave(channel);
    },
    async memberFollows(userId, channel) {
      if (followsHere(userId, channel)) return true;
      return (await othersAnswer(() => io.serverSideEmitWithAck('follows', userId, channel))).some(Boolean);
    },
    disconnectMember(userId, options) {
      const sockets = io.in(memberRoom(userId));
      (options?.exceptSession ? sockets.except(sessionRoom(options.exceptSession)) : sockets).disconnectSockets(true);
    },
    endSession(sessionId) {
      io.in(sessionRoom(sessionId)).disconnectSockets(true);
    },
    authorizeChannels(prefix, authorizer) {
      authorizers.set(prefix, authorizer);
    },
    handleCommand(command, handler) {
      commands.set(command, handler as unknown as CommandHandler<CommandName>);
    },
  };
  app.decorate('realtime', realtime);

  // The drain (issue 33): no socket is cut mid-send; each is asked to reconnect once its sends are answered.
  app.addHook('preClose', async () => {
    await Promise.all([...drains.values()].map((drain) => drain()));
    // Connections still in their handshake hold the HTTP server open (its close waits for every
    // connection): closed too, and their clients reconnect elsewhere.
    io.engine.close();
  });
  app.addHook('onClose', async () => {
    // The adapter's SUBSCRIBE is sent unawaited on a connection it cuts on close: closed before Redis
    // answered (a process stopped right after start), that command fails as an unhandled rejection.
    if (publisher) await adapterSubscribed(publisher, `${config.redisKeyPrefix}io#/#${(io.of('/').adapter as unknown as { uid: string }).uid}#`);
    await new Promise<void>((resolve) => io.close(() => resolve()));
    // QUIT goes after the commands already sent (the sessions kept for recovery among them).
    if (publisher) await publisher.quit().catch(() => publisher.disconnect());
  });
});

/** Resolves once this process's adapter listens on its private channel, or after 2 s (Redis away). */
async function adapterSubscribed(publisher: { pubsub(subcommand: 'NUMSUB', channel: string): Promise<unknown> }, channel: string): Promise<void> {
  const deadline = Date.now() + 2_000;
  while (Date.now() < deadline) {
    const answer = await Promise.race([
      publisher.pubsub('NUMSUB', channel).catch(() => null),
      new Promise<null>((resolve) => setTimeout(() => resolve(null), 250).unref()),
    ]);
    if (Array.isArray(answer) && Number(answer[1]) > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
