/** Spec §5: an identifier containing @ is sent as `email`, anything else as `mobile`. */
export type Identifier = { email: string } | { mobile: string };
export type LoginCredentials = Identifier & { password: string };

export function identifierField(identifier: string): Identifier {
  const id = identifier.trim();
  return id.includes('@') ? { email: id } : { mobile: id };
}

export function loginCredentials(identifier: string, password: string): LoginCredentials {
  return { ...identifierField(identifier), password };
}
