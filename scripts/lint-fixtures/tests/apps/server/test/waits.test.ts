// Nothing here is reported: conditions, a deadline that only rejects, and a reasoned disable.
declare function until(check: () => boolean, ms?: number): Promise<void>;
declare const socket: { once(event: string, listener: () => void): void };

export async function waits(seen: string[]): Promise<void> {
  await until(() => seen.length === 1);
  // A deadline on waiting for an event is not a sleep: its timer only rejects.
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('no event within 1 s')), 1_000);
    socket.once('event', () => {
      clearTimeout(timer);
      resolve();
    });
  });
  // A fake timer callback outside any promise is not a sleep either.
  setTimeout(() => seen.push('later'), 0);
  // eslint-disable-next-line no-restricted-syntax -- time is what is tested: the throttle's window must pass
  await new Promise((resolve) => setTimeout(resolve, 100));
}
