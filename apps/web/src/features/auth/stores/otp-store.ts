/**
 * The WhatsApp sign-in in progress (spec §4 "Auth": OTP requested → waiting for the code, with its
 * expiry): the number, when the code expires, when a new one may be asked for, and where to land
 * afterwards. Kept in sessionStorage so a reload of /auth/otp-verification keeps it, and nothing
 * outlives the tab.
 */
import type { OtpSent, OtpStatus, PhoneSignupStart } from '@linkup/contract';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

export const OTP_STORAGE_KEY = 'linkup.otp';

interface OtpFields {
  mobile: string | null;
  expiresAt: string | null;
  resendAvailableAt: string | null;
  /** The saved return address of the login page, for after sign-in. */
  returnTo: string | null;
  /** A new number proved with its code: the short sign-up's single-use token and when it ends (issue 32). */
  signup: PhoneSignupStart | null;
}

interface OtpState extends OtpFields {
  /** A code was sent to `mobile`. */
  codeSent: (mobile: string, sent: OtpSent, returnTo?: string | null) => void;
  /** A new code was sent to the same number. */
  codeResent: (sent: OtpSent) => void;
  /** The server's view of the current code (otp-status), counted from `now`. */
  statusChecked: (status: OtpStatus, now?: number) => void;
  /**
   * The server refused the code. The waiting state ends (spec §4: cleared either way), but the
   * number and its resend cool-down stay so the member can ask for a new code without starting over.
   */
  codeRejected: () => void;
  /** The code proved a number without an account: on to the short sign-up (issue 32). */
  signupStarted: (signup: PhoneSignupStart) => void;
  clear: () => void;
}

const EMPTY: OtpFields = { mobile: null, expiresAt: null, resendAvailableAt: null, returnTo: null, signup: null };

export const useOtpStore = create<OtpState>()(
  persist(
    (set) => ({
      ...EMPTY,
      codeSent: (mobile, sent, returnTo = null) =>
        set({ mobile, expiresAt: sent.expires_at, resendAvailableAt: sent.resend_available_at, returnTo, signup: null }),
      codeResent: (sent) => set({ expiresAt: sent.expires_at, resendAvailableAt: sent.resend_available_at }),
      statusChecked: (status, now = Date.now()) =>
        set({ expiresAt: status.exists ? new Date(now + status.expires_in_seconds * 1000).toISOString() : null }),
      codeRejected: () => set({ expiresAt: null }),
      signupStarted: (signup) => set({ ...EMPTY, mobile: signup.mobile, signup }),
      clear: () => set(EMPTY),
    }),
    {
      name: OTP_STORAGE_KEY,
      storage: createJSONStorage(() => sessionStorage),
      partialize: ({ mobile, expiresAt, resendAvailableAt, returnTo, signup }) => ({ mobile, expiresAt, resendAvailableAt, returnTo, signup }),
    },
  ),
);
