/** A message could not be handed to its provider. Carries no secret (no token, no code). */
export class DeliveryError extends Error {
  constructor(
    readonly channel: 'whatsapp' | 'email',
    message: string,
    readonly providerStatus?: number,
  ) {
    super(message);
    this.name = 'DeliveryError';
  }
}
