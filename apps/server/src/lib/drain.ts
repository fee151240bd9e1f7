/**
 * Whether this process is draining (issue 33): set once, at SIGTERM/SIGINT, before anything
 * closes, so readiness fails at once and the load balancer sends new work elsewhere.
 */
export class DrainState {
  #draining = false;

  get draining(): boolean {
    return this.#draining;
  }

  start(): void {
    this.#draining = true;
  }
}
