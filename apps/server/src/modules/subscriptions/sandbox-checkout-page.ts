import type { CheckoutTicket } from '../../adapters/payments/sandbox-payments';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The sandbox checkout page: server-rendered, no scripts (the strict CSP holds). */
export function renderSandboxCheckout(ticket: CheckoutTicket | null, rawTicket: string): string {
  const content = ticket
    ? `<p class="plan">LinkUp Premium — ${escapeHtml(ticket.plan_name)}</p>
  <p class="amount">${escapeHtml(ticket.currency)} ${(ticket.amount_cents / 100).toFixed(2)}</p>
  <p>This is the sandbox: no card is charged. Choose what the payment does.</p>
  <form method="post" action="/sandbox/checkout">
    <input type="hidden" name="ticket" value="${escapeHtml(rawTicket)}">
    <button name="action" value="pay" class="pay">Pay</button>
    <button name="action" value="decline" class="decline">Decline</button>
    <button name="action" value="cancel" class="cancel">Cancel</button>
  </form>`
    : '<p>This checkout link is not valid.</p>';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sandbox checkout · LinkUp</title>
<style>
  body{font-family:system-ui,sans-serif;max-width:420px;margin:3rem auto;padding:0 1rem;color:#222;background:#fff7fa}
  main{background:#fff;border:1px solid #f3c4d4;border-radius:12px;padding:1.5rem} h1{color:#d6336c;font-size:1.3rem}
  .amount{font-size:2rem;font-weight:700;margin:.25rem 0} form{display:flex;gap:.5rem;margin-top:1rem}
  button{flex:1;padding:.75rem;border:0;border-radius:8px;font-size:1rem;cursor:pointer;color:#fff}
  .pay{background:#2f9e44} .decline{background:#e03131} .cancel{background:#868e96}
</style></head>
<body><main><h1>Sandbox checkout</h1>
  ${content}
</main></body></html>`;
}
