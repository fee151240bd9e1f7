import { TIMINGS, TOAST_POSITION } from '@linkup/contract';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { PrimeReactProvider } from 'primereact/api';
import type { ReactNode } from 'react';
import { ToastContainer } from 'react-toastify';
import { queryClient as defaultQueryClient } from '@/lib/query-client';
import { primeReactOptions } from '@/lib/primereact';

/** PrimeReact with the spec's UI defaults, the query cache, and toasts (5 s, top right). */
export function AppProviders({ children, queryClient = defaultQueryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  return (
    <PrimeReactProvider value={primeReactOptions}>
      <QueryClientProvider client={queryClient}>
        {children}
        <ToastContainer position={TOAST_POSITION} autoClose={TIMINGS.toastMs} newestOnTop theme="colored" />
      </QueryClientProvider>
    </PrimeReactProvider>
  );
}
