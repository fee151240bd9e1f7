/**
 * Toasts (spec §9: 5 s, top right), shown by <ToastHost /> (mounted once by the providers). A
 * message already on screen is not shown twice. react-toastify loads with the first toast rather
 * than with the first page; toasts asked for meanwhile wait for it.
 */
import type * as ToastifyModule from 'react-toastify';
import { create } from 'zustand';

type Toastify = typeof ToastifyModule;
export type ToastKind = 'success' | 'error' | 'info';

interface ToastLibraryState {
  library: Toastify | null;
}

/** The loaded library, for the host to render its container. */
export const useToastLibrary = create<ToastLibraryState>()(() => ({ library: null }));

const waiting: { kind: ToastKind; message: string }[] = [];
let loading: Promise<Toastify> | null = null;

export function loadToastLibrary(): Promise<Toastify> {
  loading ??= import('react-toastify').then(
    (library) => {
      useToastLibrary.setState({ library });
      return library;
    },
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

function show(kind: ToastKind, message: string): void {
  const { library } = useToastLibrary.getState();
  if (library) {
    // The message is the id: the same words while they are still showing are one toast.
    library.toast[kind](message, { toastId: `${kind}:${message}` });
    return;
  }
  waiting.push({ kind, message });
  loadToastLibrary().then(
    () => {
      for (const next of waiting.splice(0)) show(next.kind, next.message);
    },
    (error: unknown) => console.warn('Could not load toasts', error, waiting.splice(0)),
  );
}

export const toast = {
  success: (message: string) => show('success', message),
  error: (message: string) => show('error', message),
  info: (message: string) => show('info', message),
};
