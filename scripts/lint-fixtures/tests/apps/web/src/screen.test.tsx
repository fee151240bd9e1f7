// A web test pausing for the screen to settle: refused.
export async function settle(): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, 300)); // refused
}
