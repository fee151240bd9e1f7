import { describe, expect, it } from 'vitest';
import { classifyMessage, parseStoredFlags, storedFlags } from './message-flags';

const flagsOf = (text: string) => classifyMessage(text, 'ZA');

describe('classifyMessage (issue 29)', () => {
  it.each([
    'Call me on 082 123 4567',
    'my number is 0821234567',
    '+27 82 123 4567',
    '+27-82-123-4567',
    '(082) 123.4567',
    'here: 0 8 2 1 2 3 4 5 6 7',
    '0.8.2.1.2.3.4.5.6.7 text me',
    'US number +1 (415) 555-2671',
  ])('finds a phone number in %j', (text) => {
    expect(flagsOf(text)).toContain('contact_details');
  });

  it.each([
    ['an e-mail address', 'write to thandi.nkosi@example.com', 'contact_details'],
    ['"whatsapp me"', 'whatsapp me later', 'contact_details'],
    ['"WhatsApp" in any case and with punctuation', 'Do you have WhatsApp?', 'contact_details'],
    ['telegram', "Let's talk on Telegram instead", 'contact_details'],
    ['snapchat', 'add me on snap', 'contact_details'],
    ['Afrikaans', 'Hier is my nommer', 'contact_details'],
    ['Spanish', 'Llámame mañana', 'contact_details'],
    ['a link with a scheme', 'look https://example.com/me', 'link'],
    ['a www link', 'see www.example.org', 'link'],
    ['a bare domain with a path', 'bit.ly/abc123', 'link'],
    ['cashapp', 'my cashapp is $joe', 'money'],
    ['a gift card', 'buy me a Steam gift card please', 'money'],
    ['crypto', 'I invest in bitcoin, send me some', 'money'],
    ['bank details', 'give me your banking details', 'money'],
    ['a money request', 'Can you send me money for the taxi', 'money'],
    ['a money request in Afrikaans', 'asseblief stuur geld', 'money'],
    ['a money request in isiZulu', 'ngithumelele imali', 'money'],
    ['a money request in Spanish', 'envíame dinero', 'money'],
    ['a money request in Portuguese', 'me manda dinheiro pelo pix', 'money'],
    ['a money request in French', 'envoie-moi de l’argent', 'money'],
    ['offensive language', 'you are a fucking idiot', 'offensive'],
    ['offensive language written around the filter', 'you b1tch', 'offensive'],
  ])('flags %s', (_what, text, flag) => {
    expect(flagsOf(text)).toContain(flag);
  });

  it.each([
    'Hello! How was your weekend?',
    'Shall we meet on 12/03/2024 at 10:30?',
    'Meet 2024-03-12 at 19:30',
    'The movie was R120 and popcorn R45.50',
    'I paid $25 for the tickets, 3 for 75',
    'between 1990 and 2005 I lived in Durban',
    'I earn 25000 a month',
    'ok.so what now',
    'I grew up in Scunthorpe',
    'shiitake mushrooms with cumin and a cocktail',
    'Penistone is near Sheffield; I read Dickens',
    'my therapist is an analyst',
    'No signal here in the mountains',
    'Money is not everything',
  ])('leaves %j alone', (text) => {
    expect(flagsOf(text)).toEqual([]);
  });

  it('answers several flags in a fixed order, and stores them comma-separated', () => {
    const flags = flagsOf('fucking send me bitcoin at www.example.com or whatsapp 082 123 4567');
    expect(flags).toEqual(['contact_details', 'link', 'money', 'offensive']);
    expect(storedFlags(flags)).toBe('contact_details,link,money,offensive');
    expect(parseStoredFlags(storedFlags(flags))).toEqual(flags);
    expect(parseStoredFlags('')).toEqual([]);
    expect(parseStoredFlags('money,unknown')).toEqual(['money']);
  });

  it('is cheap: 10,000 typical messages take well under a millisecond each', () => {
    const typical = [
      'Hey, how are you doing today?', 'I loved the photos from your hike!', 'Shall we get coffee on Saturday at 10?',
      "Haha that's so funny", 'What kind of music do you like?', 'My dog is called Max, he is 3',
      'I work as a nurse at the hospital in Cape Town', 'The movie was R120 but worth it',
      'whatsapp me on 082 123 4567', 'send me an itunes gift card',
    ];
    classifyMessage(typical[0]!, 'ZA');
    const started = performance.now();
    for (let i = 0; i < 10_000; i++) classifyMessage(typical[i % typical.length]!, 'ZA');
    const perMessageMs = (performance.now() - started) / 10_000;
    console.info(`classifyMessage: ${(perMessageMs * 1000).toFixed(1)} µs per message`);
    expect(perMessageMs).toBeLessThan(1);
  });
});
