import { routeByName } from '@linkup/contract';
import { OtpVerificationForm } from '@/features/auth/components/otp-verification-form';

/** /auth/otp-verification — 'Verify Your Number': the WhatsApp code for the number just entered. */
export function OtpVerificationRoute() {
  return (
    <div className="auth-page">
      <span className="auth-intro-icon auth-intro-icon--whatsapp" aria-hidden="true"><i className="pi pi-whatsapp" /></span>
      <h1 className="auth-title">{routeByName('auth.otp').title}</h1>
      <OtpVerificationForm />
    </div>
  );
}
