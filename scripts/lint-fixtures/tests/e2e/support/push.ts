// Support code is held to the same rule: a poll that sleeps between looks is refused.
export async function next(received: string[]): Promise<string> {
  while (received.length === 0) await new Promise((resolve) => setTimeout(resolve, 250)); // refused
  return received[0]!;
}
