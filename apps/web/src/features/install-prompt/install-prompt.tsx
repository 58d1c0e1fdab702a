// Mounted once by the app shell. Watches the install rules and, when they allow, shows the sheet
// (loaded lazily: most visits never need it).
import { lazy, Suspense, useEffect, useState, useSyncExternalStore } from 'react';
import { useServiceWorkerControlled } from '@/lib/pwa';
import { InstallController, listenForInstallEvents, type InstallControllerOptions } from './install-state';

const InstallSheet = lazy(() => import('./install-sheet'));

export function InstallPrompt(props: { options?: InstallControllerOptions }) {
  const { options } = props;
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
  useEffect(() => {
    if (state === 'canPrompt') controller.show();
  }, [controller, state]);

  if (state !== 'shown') return null;
  return (
    <Suspense fallback={null}>
      <InstallSheet
        canInstallNatively={canInstallNatively}
        onInstall={() => controller.install()}
        onLater={() => controller.later()}
        onNever={() => controller.never()}
      />
    </Suspense>
  );
}

// beforeinstallprompt can fire before the shell renders: listen from the moment this module loads.
if (typeof window !== 'undefined') listenForInstallEvents();
