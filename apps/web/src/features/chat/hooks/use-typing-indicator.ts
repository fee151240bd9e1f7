import { TIMINGS } from '@linkup/contract';
import { useCallback, useEffect, useRef, useState } from 'react';

export interface Typer {
  userId: string;
  name: string;
}

/**
 * Who is typing in the open room (spec §2): a member shows from their typing event until
 * TIMINGS.typingIdleMs after their last one, or until their message arrives.
 */
export function useTypingIndicator(idleMs: number = TIMINGS.typingIdleMs) {
  const [typers, setTypers] = useState<readonly Typer[]>([]);
  const timers = useRef(new Map<string, ReturnType<typeof setTimeout>>());

  const stopTyping = useCallback((userId: string) => {
    const timer = timers.current.get(userId);
    if (timer !== undefined) clearTimeout(timer);
    timers.current.delete(userId);
    setTypers((current) => (current.some((t) => t.userId === userId) ? current.filter((t) => t.userId !== userId) : current));
  }, []);

  const typing = useCallback(
    (typer: Typer) => {
      const timer = timers.current.get(typer.userId);
      if (timer !== undefined) clearTimeout(timer);
      timers.current.set(typer.userId, setTimeout(() => stopTyping(typer.userId), idleMs));
      setTypers((current) =>
        current.some((t) => t.userId === typer.userId && t.name === typer.name)
          ? current
          : [...current.filter((t) => t.userId !== typer.userId), typer],
      );
    },
    [idleMs, stopTyping],
  );

  const clear = useCallback(() => {
    for (const timer of timers.current.values()) clearTimeout(timer);
    timers.current.clear();
    setTypers([]);
  }, []);

  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const timer of pending.values()) clearTimeout(timer);
      pending.clear();
    };
  }, []);

  return { typers, typing, stopTyping, clear };
}

/** '<name> is typing…' for one member; both names for two; a count beyond. */
export function typingText(typers: readonly Typer[]): string {
  if (typers.length === 0) return '';
  if (typers.length === 1) return `${typers[0]!.name} is typing…`;
  if (typers.length === 2) return `${typers[0]!.name} and ${typers[1]!.name} are typing…`;
  return `${typers.length} people are typing…`;
}
