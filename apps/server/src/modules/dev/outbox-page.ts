import type { OutboxMessage } from '@linkup/contract';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** A plain server-rendered page (no scripts, so the strict CSP holds) listing the dev outbox. */
export function renderOutboxPage(messages: OutboxMessage[], filter: string): string {
  const rows = messages
    .map((m) => `
      <article>
        <header><strong>${escapeHtml(m.channel === 'email' ? 'E-mail' : 'WhatsApp')}</strong> to
          <code>${escapeHtml(m.to)}</code> <time datetime="${escapeHtml(m.created_at)}">${escapeHtml(m.created_at)}</time></header>
        ${m.subject ? `<h2>${escapeHtml(m.subject)}</h2>` : ''}
        ${m.code ? `<p class="code">Code: <strong>${escapeHtml(m.code)}</strong></p>` : ''}
        ${m.link ? `<p><a href="${escapeHtml(m.link)}">${escapeHtml(m.link)}</a></p>` : ''}
        <pre>${escapeHtml(m.body)}</pre>
      </article>`)
    .join('');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Dev outbox · LinkUp</title>
<style>
  body{font-family:system-ui,sans-serif;max-width:760px;margin:2rem auto;padding:0 1rem;color:#222;background:#fff7fa}
  h1{color:#d6336c} article{background:#fff;border:1px solid #f3c4d4;border-radius:12px;padding:1rem;margin:1rem 0}
  pre{white-space:pre-wrap;font:inherit;margin:.5rem 0 0} .code strong{font-size:1.4rem;letter-spacing:.2rem}
  form{display:flex;gap:.5rem} input{flex:1;padding:.5rem} time{color:#777;font-size:.85rem;margin-left:.5rem}
</style></head>
<body><h1>Dev outbox</h1>
<p>Messages that would have been sent by WhatsApp or e-mail. This page exists only in development and test.</p>
<form method="get"><label for="to" hidden>Recipient</label>
<input id="to" name="to" placeholder="Mobile number or e-mail" value="${escapeHtml(filter)}"><button>Filter</button></form>
${rows || '<p>No messages yet.</p>'}
</body></html>`;
}
