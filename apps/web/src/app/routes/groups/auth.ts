/** Sign-in pages: one chunk, loaded on the first visit to any of them. */
export { ForgotPasswordRoute } from '@/app/routes/auth/forgot-password';
export { LoginRoute } from '@/app/routes/auth/login';
export { NotAllowedRoute } from '@/app/routes/auth/not-allowed';
export { OtpVerificationRoute } from '@/app/routes/auth/otp-verification';
export { RegisterRoute } from '@/app/routes/auth/register';
export { ResetPasswordRoute } from '@/app/routes/auth/reset-password';
export { VerifyEmailRoute } from '@/app/routes/auth/verify-email';
