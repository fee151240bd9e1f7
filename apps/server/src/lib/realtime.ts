import type {
  ClientToServerEvents, CommandAck, ServerToClientEvents,
} from '@linkup/contract';
import type { ZodType } from 'zod';

type EventName = keyof ServerToClientEvents;
type Payload<E extends EventName> = Parameters<ServerToClientEvents[E]>[0];

/** Decides whether a member may join a channel with this prefix (e.g. the chat module for `chat.room.`). */
export type ChannelAuthorizer = (userId: string, channel: string) => Promise<boolean>;

/** Client → server commands: `message.send` (payload, ack). */
export type CommandName = 'message.send';
type CommandPayload<C extends CommandName> = Parameters<ClientToServerEvents[C]>[0];
type CommandResult<C extends CommandName> = Parameters<ClientToServerEvents[C]>[1] extends (ack: CommandAck<infer T>) => void ? T : never;

/**
 * A module's handler for a command: runs as the socket's member (checked again on every command,
 * so a revoked session stops at once) with a payload the schema has parsed; answers the data and
 * the HTTP status the same call over HTTP would have, or throws an AppError as a route would.
 */
export interface CommandHandler<C extends CommandName> {
  schema: ZodType<CommandPayload<C>>;
  /** Commands a member may send per minute, across their sessions and the server's processes (like the route's rate limit). */
  perMinute: number;
  /** `socketId`: the socket that sent the command, which its ack answers (see `EmitOptions.except`). */
  run(userId: string, payload: CommandPayload<C>, from: { socketId: string }): Promise<{ status: number; data: CommandResult<C> }>;
}

export interface EmitOptions {
  /** A socket that is not sent the event: the one whose command's ack already carries it. */
  except?: string;
  /**
   * Members none of whose sockets is sent the event (issue 29: a message's recipient and its
   * author each get their own copy of it, one with flags and one without).
   */
  exceptMembers?: string[];
}

/**
 * Real-time delivery as services see it (plugins/realtime.ts implements it on Socket.IO): events
 * to members and channels, on every server process.
 */
export interface Realtime {
  /** Emits to every socket of one member (their own room), on every server process. */
  toMember<E extends EventName>(userId: string, event: E, payload: Payload<E>): void;
  /** The same event to every socket of several members, encoded once. */
  toMembers<E extends EventName>(userIds: string[], event: E, payload: Payload<E>, options?: EmitOptions): void;
  /** Emits to everyone subscribed to a channel such as `chat.room.{id}`. */
  toChannel<E extends EventName>(channel: string, event: E, payload: Payload<E>, options?: EmitOptions): void;
  /** Emits to a channel and to every socket of some members, each socket once. */
  toChannelAndMembers<E extends EventName>(channel: string, userIds: string[], event: E, payload: Payload<E>, options?: EmitOptions): void;
  /** Every socket of these members leaves the channel, on every process; resolves once they have. */
  removeFromChannel(userIds: string[], channel: string): Promise<void>;
  /** Whether any socket of the member, on any process, follows the channel (e.g. has that chat open). */
  memberFollows(userId: string, channel: string): Promise<boolean>;
  /**
   * Closes every socket of a member, on every process — but those of `exceptSession` when given
   * (a password change or "log out other devices" keeps the session that asked).
   */
  disconnectMember(userId: string, options?: { exceptSession?: string }): void;
  /** Closes every socket opened with one session (it was logged out), on every process. */
  endSession(sessionId: string): void;
  authorizeChannels(prefix: string, authorizer: ChannelAuthorizer): void;
  /** Lets members send `command` over their socket (see CommandHandler). */
  handleCommand<C extends CommandName>(command: C, handler: CommandHandler<C>): void;
}

/** The Socket.IO room of one member: every socket they have open joins it. */
export const memberRoom = (userId: string) => `member:${userId}`;
/** The Socket.IO room of one session: every socket opened with its token joins it, so ending the session ends them. */
export const sessionRoom = (sessionId: string) => `session:${sessionId}`;
