import type { PluginListenerHandle } from '@capacitor/core';
import type { Unsubscribe } from '@/platform/platform';

/** Listener handles arrive asynchronously; the returned function removes them whenever they do. */
export function subscription(pending: Promise<PluginListenerHandle>): Unsubscribe {
  let removed = false;
  let handle: PluginListenerHandle | undefined;
  pending
    .then((h) => {
      handle = h;
      if (removed) void h.remove();
    })
    .catch((error: unknown) => console.warn('Native listener failed to register', error));
  return () => {
    removed = true;
    if (handle) void handle.remove();
  };
}
