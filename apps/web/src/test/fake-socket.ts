/**
 * A stand-in for the Socket.IO client in unit tests: records what the app emits and lets a test
 * deliver server events. Use with `vi.mock('@/lib/socket', ...)`. It answers as the server does
 * (DESIGN §5) and holds tests to the contract: delivered events and command answers must match
 * the contract's schemas, and a subscription is refused where the server would refuse it.
 */
import {
  ChatMessageSchema, MESSAGES_CHANNEL, SERVER_EVENT_SCHEMAS, STATUS_MESSAGES, commandAckSchema, roomIdFromChannel,
  type ChatMessage, type ServerToClientEvents, type SubscribeAck,
} from '@linkup/contract';
import { act } from '@testing-library/react';
import { contractProblems } from '@/test/contract-check';

type Handler = (...args: unknown[]) => void;

/** TanStack Query tells its observers on the next tick. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

export class FakeSocket {
  connected = true;
  /** How often the app opened the connection again itself (`reconnectSocket`, on resume). */
  reconnectedByApp = 0;
  readonly emitted: { event: string; args: unknown[] }[] = [];
  private handlers = new Map<string, Set<Handler>>();
  private managerHandlers = new Map<string, Set<Handler>>();

  on(event: string, handler: Handler) {
    if (!this.handlers.has(event)) this.handlers.set(event, new Set());
    this.handlers.get(event)!.add(handler);
    return this;
  }

  off(event: string, handler: Handler) {
    this.handlers.get(event)?.delete(handler);
    return this;
  }

  /**
   * How the fake server answers commands sent with `timeout(ms).emitWithAck` (e.g. `message.send`);
   * null: no answer (the send times out). While null, `liveSocket()` hands out no socket, so the
   * app sends over HTTP as most tests expect.
   */
  commands: ((event: string, payload: unknown) => unknown) | null = null;

  timeout(_ms: number) {
    return {
      emitWithAck: async (event: string, payload: unknown) => {
        this.emitted.push({ event, args: [payload] });
        if (!this.commands) throw new Error('operation has timed out');
        const answer = await this.commands(event, payload);
        const problems = event === 'message.send' ? contractProblems(commandAckSchema(ChatMessageSchema), answer) : [`no command ${event} in the contract`];
        if (problems.length > 0) throw new Error(`the fake server's answer to ${event} differs from the contract:\n  ${problems.join('\n  ')}`);
        return answer;
      },
    };
  }

  /** Room channels the server refuses (a room the member is not in, or one that is gone). */
  private readonly refused = new Set<string>();

  /** From now on the server refuses to let this socket join `channel` ('Resource not found.'). */
  refuseChannel(channel: string) {
    this.refused.add(channel);
  }

  /** The server's answer to `subscribe`: its own channel and room channels it allows. */
  private subscribeAnswer(channel: unknown): SubscribeAck {
    if (channel === MESSAGES_CHANNEL) return { ok: true };
    if (typeof channel === 'string' && roomIdFromChannel(channel) && !this.refused.has(channel)) return { ok: true };
    return { ok: false, code: 'channel_not_found', message: STATUS_MESSAGES[404] };
  }

  emit(event: string, ...args: unknown[]) {
    this.emitted.push({ event, args });
    const ack = args[args.length - 1];
    if ((event === 'subscribe' || event === 'unsubscribe') && typeof ack === 'function') {
      (ack as Handler)(event === 'subscribe' ? this.subscribeAnswer(args[0]) : { ok: true });
    }
    return this;
  }

  get volatile() {
    return this;
  }

  readonly io = {
    on: (event: string, handler: Handler) => {
      if (!this.managerHandlers.has(event)) this.managerHandlers.set(event, new Set());
      this.managerHandlers.get(event)!.add(handler);
    },
    off: (event: string, handler: Handler) => {
      this.managerHandlers.get(event)?.delete(handler);
    },
  };

  listenerCount(event: string) {
    return this.handlers.get(event)?.size ?? 0;
  }

  /**
   * Delivers a server event to the app, inside act(), and lets the query cache tell its screens.
   * The payload must be one the server could send (the contract's schema for the event).
   */
  async deliver<E extends keyof ServerToClientEvents>(event: E, payload: Parameters<ServerToClientEvents[E]>[0]) {
    const problems = contractProblems(SERVER_EVENT_SCHEMAS[event], payload);
    if (problems.length > 0) throw new Error(`delivered ${event} differs from the contract:\n  ${problems.join('\n  ')}`);
    await act(async () => {
      for (const handler of [...(this.handlers.get(event) ?? [])]) handler(payload);
      await settle();
    });
  }

  /** The connection drops. */
  async drop() {
    this.connected = false;
    await act(async () => {
      for (const handler of [...(this.handlers.get('disconnect') ?? [])]) handler('transport close');
      await settle();
    });
  }

  /** The connection (re)opens: 'connect' on the socket, 'reconnect' on the manager. */
  async reconnect() {
    this.connected = true;
    await act(async () => {
      for (const handler of [...(this.handlers.get('connect') ?? [])]) handler();
      for (const handler of [...(this.managerHandlers.get('reconnect') ?? [])]) handler(1);
      await settle();
    });
  }

  emittedOf(event: string) {
    return this.emitted.filter((e) => e.event === event).map((e) => e.args);
  }

  reset() {
    this.connected = true;
    this.reconnectedByApp = 0;
    this.commands = null;
    this.refused.clear();
    this.emitted.length = 0;
    this.handlers.clear();
    this.managerHandlers.clear();
  }
}

let seq = 0;

export function buildMessage(overrides: Partial<ChatMessage> = {}): ChatMessage {
  seq += 1;
  return {
    id: `msg_${seq}`,
    chat_room_id: 'room_1',
    user_id: 'usr_other',
    message: `Message ${seq}`,
    type: 'text',
    is_edited: false,
    created_at: new Date(Date.UTC(2030, 0, 1, 10, 0, seq)).toISOString(),
    ...overrides,
  };
}

/** The one fake socket a test file's mocked `@/lib/socket` hands out. */
export const fakeSocket = new FakeSocket();

/** The mocked `@/lib/socket` module: `vi.mock('@/lib/socket', () => import('@/test/fake-socket').then((m) => m.fakeSocketModule()))`. */
export function fakeSocketModule() {
  return {
    useSocket: () => fakeSocket,
    socketFor: () => fakeSocket,
    liveSocket: () => (fakeSocket.connected && fakeSocket.commands ? fakeSocket : null),
    closeSocket: () => {},
    reconnectSocket: () => void fakeSocket.reconnectedByApp++,
    socketOrigin: () => 'http://localhost',
  };
}
