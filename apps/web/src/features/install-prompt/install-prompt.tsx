// Mounted once by the app shell. Watches the install rules and, when they allow, shows the sheet
// (loaded lazily: most visits never need it). It never interrupts a form: while a field has focus, and
// until FORM_QUIET_MS after the last input (a typed margin, a moved slider), it waits. It rises only where
// the shell allows it (Home and Profile): never over a trading screen's Open long / Open short.
import { Suspense, useEffect, useState, useSyncExternalStore } from 'react';
import { lazyPart } from '@/lib/lazy-part';
import { onInstallRequest } from '@/lib/install-request';
import { useServiceWorkerControlled } from '@/lib/pwa';
import { InstallController, listenForInstallEvents, type InstallControllerOptions } from './install-state';

const InstallSheet = lazyPart(() => import('./install-sheet'));

/** How long after the last input a form still counts as being filled in. */
export const FORM_QUIET_MS = 10_000;

const isField = (el: Element | null) =>
  el instanceof HTMLInputElement ||
  el instanceof HTMLTextAreaElement ||
  el instanceof HTMLSelectElement ||
  (el instanceof HTMLElement && el.isContentEditable);

/** Whether the person is filling in a form: a field has focus, or they typed less than FORM_QUIET_MS ago. */
function useFormInUse(): boolean {
  // Prerendered pages start from "not in use"; the listeners below look at the real focus.
  const [inUse, setInUse] = useState(false);
  useEffect(() => {
    let lastInput = -Infinity;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const check = () => {
      clearTimeout(timer);
      const quietFor = Date.now() - lastInput;
      // focusout fires before the next element takes focus: look once it has.
      const busy = isField(document.activeElement) || quietFor < FORM_QUIET_MS;
      setInUse(busy);
      if (busy && quietFor < FORM_QUIET_MS) timer = setTimeout(check, FORM_QUIET_MS - quietFor);
    };
    const onInput = () => {
      lastInput = Date.now();
      check();
    };
    const onFocusOut = () => setTimeout(check, 0);
    check();
    document.addEventListener('input', onInput, true);
    document.addEventListener('focusin', check, true);
    document.addEventListener('focusout', onFocusOut, true);
    return () => {
      clearTimeout(timer);
      document.removeEventListener('input', onInput, true);
      document.removeEventListener('focusin', check, true);
      document.removeEventListener('focusout', onFocusOut, true);
    };
  }, []);
  return inUse;
}

export function InstallPrompt(props: {
  options?: InstallControllerOptions;
  /** Whether the screen open now may show the offer (the shell: Home and Profile only). */
  allowed?: boolean;
}) {
  const { options, allowed = true } = props;
  const controlled = useServiceWorkerControlled();
  const [controller] = useState(() => new InstallController({ ...options, isControlled: () => controlled }));
  // Prerendered pages and their hydration start from the controller's first state (hidden).
  const { state, canInstallNatively } = useSyncExternalStore(
    controller.subscribe,
    controller.getSnapshot,
    controller.getSnapshot,
  );

  useEffect(() => controller.start(), [controller]);
  useEffect(() => controller.setControlled(controlled), [controller, controlled]);
  const formInUse = useFormInUse();
  useEffect(() => {
    if (state === 'canPrompt' && !formInUse && allowed) controller.show();
  }, [controller, state, formInUse, allowed]);
  // Asked for (Home's entry): shown now; closing it then changes none of the offer's timing.
  const [asked, setAsked] = useState(false);
  useEffect(() => onInstallRequest(() => setAsked(true)), []);

  // Offered, then the person went on to another screen (back from a tab page): it waits for the next.
  if ((state !== 'shown' || !allowed) && !asked) return null;
  const closeAsked = () => setAsked(false);
  return (
    <Suspense fallback={null}>
      <InstallSheet
        canInstallNatively={canInstallNatively}
        onInstall={() => controller.install()}
        onLater={asked ? closeAsked : () => controller.later()}
        onNever={asked ? closeAsked : () => controller.never()}
      />
    </Suspense>
  );
}

// beforeinstallprompt can fire before the shell renders: listen from the moment this module loads.
if (typeof window !== 'undefined') listenForInstallEvents();
