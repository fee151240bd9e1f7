import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CloudWhatsAppSender } from '../src/adapters/whatsapp/cloud-whatsapp';
import { SmtpMailSender } from '../src/adapters/mail/smtp-mail';
import { DeliveryError } from '../src/adapters/delivery-error';
import { buildTestApp } from './helpers/app';
import { buildUser } from './helpers/factories';
import { startFakeGraphApi } from './helpers/fake-graph-api';
import { startFakeSmtp } from './helpers/fake-smtp';

const PHONE_ID = '109876543210';
const TOKEN = 'EAAG-test-access-token-123';

/** Quoted-printable soft line breaks and =3D out of a raw message, so links can be found in it. */
const decodeQp = (raw: string) => raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');

describe('WhatsApp Cloud API sender (against a local fake Graph API)', () => {
  let graph: Awaited<ReturnType<typeof startFakeGraphApi>>;
  beforeAll(async () => {
    graph = await startFakeGraphApi({ phoneNumberId: PHONE_ID, token: TOKEN });
  });
  beforeEach(() => graph.reset());
  afterAll(async () => graph.close());

  const sender = (token = TOKEN) =>
    new CloudWhatsAppSender({ apiUrl: graph.url, phoneNumberId: PHONE_ID, accessToken: token, otpTemplate: 'linkup_otp', templateLanguage: 'en' });

  it('sends a code as the authentication template, with the code in body and copy button', async () => {
    await sender().sendCode('+27821234567', '493817');
    const request = graph.requests.at(-1)!;
    expect(request).toMatchObject({ method: 'POST', path: `/v21.0/${PHONE_ID}/messages`, authorization: `Bearer ${TOKEN}` });
    expect(request.contentType).toMatch(/application\/json/);
    expect(request.body).toEqual({
      messaging_product: 'whatsapp', recipient_type: 'individual', to: '27821234567', type: 'template',
      template: {
        name: 'linkup_otp', language: { code: 'en' },
        components: [
          { type: 'body', parameters: [{ type: 'text', text: '493817' }] },
          { type: 'button', sub_type: 'url', index: '0', parameters: [{ type: 'text', text: '493817' }] },
        ],
      },
    });
  });

  it('sends a link as a text message with a preview', async () => {
    await sender().sendLink('+27821234567', 'Reset your password', 'https://linkup.example/auth/reset-password?token=t&mobile=%2B27821234567');
    expect(graph.requests.at(-1)!.body).toMatchObject({
      type: 'text', to: '27821234567',
      text: { preview_url: true, body: 'Reset your password\nhttps://linkup.example/auth/reset-password?token=t&mobile=%2B27821234567' },
    });
  });

  it('turns a provider error into a DeliveryError that carries no secret', async () => {
    const error = await sender('wrong-token-123456').sendCode('+27821234567', '111222').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DeliveryError);
    expect((error as DeliveryError).providerStatus).toBe(401);
    expect(String((error as Error).message)).not.toContain('111222');
    expect(String((error as Error).message)).not.toContain('wrong-token');
  });

  it('fails clearly when the API cannot be reached', async () => {
    const offline = new CloudWhatsAppSender({ apiUrl: 'http://127.0.0.1:9/v21.0', phoneNumberId: PHONE_ID, accessToken: TOKEN, otpTemplate: 't', templateLanguage: 'en', timeoutMs: 2000 });
    await expect(offline.sendCode('+27821234567', '123456')).rejects.toThrow(/unreachable/);
  });

  it('delivers a real sign-in code through the app, and that code signs the member in', async () => {
    const t = await buildTestApp({ WHATSAPP_API_URL: graph.url, WHATSAPP_PHONE_NUMBER_ID: PHONE_ID, WHATSAPP_ACCESS_TOKEN: TOKEN });
    try {
      const member = await buildUser(t.database.db);
      const before = graph.requests.length;
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/request-otp', payload: { mobile: member.phone_number } });
      expect(res.statusCode).toBe(200);
      const sent = graph.requests.slice(before);
      expect(sent).toHaveLength(1);
      const code = ((sent[0]!.body.template as { components: { parameters: { text: string }[] }[] }).components[0]!.parameters[0]!.text);
      expect(code).toMatch(/^\d{6}$/);
      expect(await t.app.deps.outbox!.list(member.phone_number!)).toEqual([]);
      const verified = await t.app.inject({ method: 'POST', url: '/api/auth/verify-otp', payload: { mobile: member.phone_number, otp: code } });
      expect(verified.statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });

  it('a provider failure answers 503 with the catalogue message, never the provider’s words', async () => {
    const t = await buildTestApp({ WHATSAPP_API_URL: graph.url, WHATSAPP_PHONE_NUMBER_ID: PHONE_ID, WHATSAPP_ACCESS_TOKEN: TOKEN });
    graph.fail(400, 'Recipient phone number not in allowed list');
    try {
      const member = await buildUser(t.database.db);
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/request-otp', payload: { mobile: member.phone_number } });
      expect(res.statusCode).toBe(503);
      expect(res.json().message).toBe('Service temporarily unavailable. Please try again later.');
    } finally {
      await t.close();
    }
  });
});

describe('SMTP mail sender (against a local SMTP server)', () => {
  let smtp: Awaited<ReturnType<typeof startFakeSmtp>>;
  beforeAll(async () => {
    smtp = await startFakeSmtp({ user: 'mailer', pass: 's3cret pass' });
  });
  afterAll(async () => smtp.close());

  it('sends from MAIL_FROM to the recipient with subject and text', async () => {
    const mail = new SmtpMailSender({ url: smtp.url, from: 'LinkUp <no-reply@linkup.test>' });
    await mail.send({ to: 'thandi@example.test', subject: 'Verify your e-mail address for LinkUp', text: 'Open https://x.test/auth/verify-email?token=abc' });
    mail.close();
    const last = smtp.received.at(-1)!;
    expect(last.from).toBe('no-reply@linkup.test');
    expect(last.to).toEqual(['thandi@example.test']);
    expect(last.raw).toContain('Subject: Verify your e-mail address for LinkUp');
    expect(decodeQp(last.raw)).toContain('https://x.test/auth/verify-email?token=abc');
  });

  it('fails with a DeliveryError on bad credentials', async () => {
    const mail = new SmtpMailSender({ url: smtp.url.replace('s3cret%20pass', 'wrong'), from: 'LinkUp <no-reply@linkup.test>' });
    await expect(mail.send({ to: 'a@example.test', subject: 's', text: 't' })).rejects.toBeInstanceOf(DeliveryError);
    mail.close();
  });

  it('registration through the app e-mails a working verification link over SMTP', async () => {
    const t = await buildTestApp({ SMTP_URL: smtp.url, MAIL_FROM: 'LinkUp <no-reply@linkup.test>' });
    try {
      const email = `smtp.${Date.now()}@example.test`;
      const res = await t.app.inject({
        method: 'POST', url: '/api/auth/register',
        payload: { name: 'Sipho Mokoena', email, mobile: '+27861234567', password: 'river-stone-88', password_confirmation: 'river-stone-88', date_of_birth: '1990-01-01', gender: 'male', terms_accepted: true },
      });
      expect(res.statusCode).toBe(201);
      const mail = smtp.received.find((m) => m.to.includes(email));
      expect(mail).toBeDefined();
      const token = /verify-email\?token=([A-Za-z0-9_.%-]+)/.exec(decodeQp(mail!.raw))![1]!;
      const verified = await t.app.inject({ method: 'POST', url: '/api/auth/email/verify', payload: { token: decodeURIComponent(token) } });
      expect(verified.statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });
});
