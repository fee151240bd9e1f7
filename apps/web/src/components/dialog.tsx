import { lazy, Suspense, useState, type ComponentProps } from 'react';

const PrimeDialog = lazy(() => import('primereact/dialog').then((m) => ({ default: m.Dialog })));

export type DialogProps = ComponentProps<typeof PrimeDialog>;

/**
 * PrimeReact's Dialog, loaded the first time one opens rather than with the page that may open it.
 * Same props; nothing renders until it has been visible once.
 */
export function Dialog(props: DialogProps) {
  const [opened, setOpened] = useState(props.visible);
  if (props.visible && !opened) setOpened(true);
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <PrimeDialog {...props} />
    </Suspense>
  );
}
