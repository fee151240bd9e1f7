/** Spec §5: an identifier containing @ is sent as `email`, anything else as `mobile`. */
export type LoginCredentials = { email: string; password: string } | { mobile: string; password: string };

export function loginCredentials(identifier: string, password: string): LoginCredentials {
  const id = identifier.trim();
  return id.includes('@') ? { email: id, password } : { mobile: id, password };
}
