import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { PrimeReactProvider } from 'primereact/api';
import type { ReactNode } from 'react';
import { DialogHost } from '@/components/dialog-host';
import { ToastHost } from '@/components/toast-host';
import { queryClient as defaultQueryClient } from '@/lib/query-client';
import { primeReactOptions } from '@/lib/primereact';

/** PrimeReact with the spec's UI defaults, the query cache, and toasts (5 s, top right) and the confirm dialog. */
export function AppProviders({ children, queryClient = defaultQueryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  return (
    <PrimeReactProvider value={primeReactOptions}>
      <QueryClientProvider client={queryClient}>
        {children}
        <DialogHost />
        <ToastHost />
      </QueryClientProvider>
    </PrimeReactProvider>
  );
}
