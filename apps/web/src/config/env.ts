/** Build-time settings, checked once at start-up (bulletproof-react `config/env`). */
import { z } from 'zod';

const EnvSchema = z.object({
  /** Base of every API call: '/api' on the web (same origin); an absolute URL in native builds. */
  VITE_API_URL: z
    .string()
    .trim()
    .refine((v) => v.startsWith('/') || /^https?:\/\//.test(v), 'VITE_API_URL must be a path or an http(s) URL')
    .default('/api'),
});

function parseEnv(source: Record<string, unknown>) {
  const parsed = EnvSchema.safeParse({ VITE_API_URL: source.VITE_API_URL || undefined });
  if (!parsed.success) {
    throw new Error(`Invalid web app settings: ${parsed.error.issues.map((i) => i.message).join('; ')}`);
  }
  return { apiUrl: parsed.data.VITE_API_URL.replace(/\/+$/, '') };
}

export const env = parseEnv(import.meta.env);
