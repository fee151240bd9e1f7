import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { schemas } from '@/lib/schemas';

/** POST /subscription/portal → the provider's page for changing the card. */
export async function openPortal(): Promise<string> {
  const response = await api.post<unknown>('/subscription/portal');
  return (await schemas()).PortalResultSchema.parse(response.data).url;
}

export function useOpenPortal() {
  return useMutation({ mutationFn: openPortal });
}
