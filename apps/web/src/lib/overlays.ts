/**
 * Whatever floats over the page — a SweetAlert2 dialog, a PrimeReact dialog or sidebar, the app's
 * own sheets (role="dialog" aria-modal) — closes on Escape. The native back button uses this:
 * an open dialog or sheet closes before the page goes back.
 */
const OPEN_OVERLAY = '.swal2-container, .p-dialog-mask, .p-sidebar-mask, [role="dialog"][aria-modal="true"], [role="alertdialog"]';

/** Closes the topmost overlay as Escape would; answers whether there was one. */
export function closeTopOverlay(doc: Document = document): boolean {
  if (!doc.querySelector(OPEN_OVERLAY)) return false;
  const target = doc.activeElement ?? doc.body;
  target.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', code: 'Escape', bubbles: true, cancelable: true }));
  return true;
}
