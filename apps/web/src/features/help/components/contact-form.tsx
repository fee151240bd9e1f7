import '@/features/help/help.css';
import { SUPPORT_LIMITS } from '@linkup/contract';
import { Button } from '@/components/button';
import { TextInput } from '@/components/text-input';
import { InputTextarea } from 'primereact/inputtextarea';
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useSendContactMessage } from '@/features/help/api/send-contact-message';
import { FormField, FormMessage, fieldAria } from '@/components/form-field';
import { isApiClientError } from '@/lib/api-client';
import { serverFormErrors, zodFormErrors, type FormErrors } from '@/lib/form-errors';
import { useSessionStore } from '@/lib/session-store';
import { schemas } from '@/lib/schemas';

type Field = 'subject' | 'message';

export const CONTACT_TEXTS = {
  sentTitle: 'Message sent',
  sentFallback: 'Thank you — your message has reached our support team. We will reply to your e-mail address.',
  failed: 'Your message could not be sent. Please try again.',
} as const;

/** Contact Us: subject and message, stored and e-mailed to support; a confirmation replaces the form. */
export function ContactForm() {
  const email = useSessionStore((s) => s.user?.email);
  const [subject, setSubject] = useState('');
  const [message, setMessage] = useState('');
  const [errors, setErrors] = useState<FormErrors<Field>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const send = useSendContactMessage();
  const ids = { subject: useId(), message: useId() };

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFormError(null);
    const parsed = (await schemas()).ContactBodySchema.safeParse({ subject, message });
    if (!parsed.success) {
      setErrors(zodFormErrors<Field>(parsed.error));
      return;
    }
    setErrors({});
    try {
      const result = await send.mutateAsync(parsed.data);
      setSent(result.message ?? CONTACT_TEXTS.sentFallback);
      setSubject('');
      setMessage('');
    } catch (error) {
      if (isApiClientError(error) && error.status === 422) {
        setErrors(serverFormErrors<Field>(error.errors));
      } else if (isApiClientError(error) && error.status === 429) {
        setFormError(error.serverMessage ?? error.message);
      } else {
        setFormError(CONTACT_TEXTS.failed);
      }
    }
  }

  if (sent) {
    return (
      <div className="panel-card help-sent" role="status">
        <i className="pi pi-check-circle" aria-hidden="true" />
        <h2 className="panel-card-title">{CONTACT_TEXTS.sentTitle}</h2>
        <p className="panel-card-text">{sent}</p>
        <div>
          <Button type="button" label="Send another message" className="btn-secondary" onClick={() => setSent(null)} />
        </div>
        <Link to="/app/help/faq" className="text-link">Browse the FAQ</Link>
      </div>
    );
  }

  return (
    <form className="panel-card help-form" aria-label="Contact us" onSubmit={handleSubmit} noValidate>
      <p className="panel-card-text">
        Tell us what happened and we will reply to {email ? <strong>{email}</strong> : 'the e-mail address on your account'}.
        To report a member, open their profile and choose Report — it reaches our safety team faster.
      </p>
      {formError && <FormMessage tone="error">{formError}</FormMessage>}
      <FormField id={ids.subject} label="Subject" error={errors.subject}>
        <TextInput
          id={ids.subject}
          name="subject"
          value={subject}
          maxLength={SUPPORT_LIMITS.subjectMax}
          onChange={(e) => setSubject(e.target.value)}
          className="field-control"
          invalid={Boolean(errors.subject)}
          {...fieldAria(ids.subject, errors.subject)}
        />
      </FormField>
      <FormField id={ids.message} label="Message" error={errors.message} hint={`${message.trim().length} / ${SUPPORT_LIMITS.messageMax} characters`}>
        <InputTextarea
          id={ids.message}
          name="message"
          value={message}
          maxLength={SUPPORT_LIMITS.messageMax}
          onChange={(e) => setMessage(e.target.value)}
          rows={7}
          className="field-control"
          invalid={Boolean(errors.message)}
          {...fieldAria(ids.message, errors.message, true)}
        />
      </FormField>
      <Button type="submit" label="Send message" icon="pi pi-send" className="btn-primary" loading={send.isPending} />
    </form>
  );
}
