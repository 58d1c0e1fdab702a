// Lets non-React code (the HTTP client) navigate through the router once the app shell registers it.

export type Navigate = (to: string, opts?: { replace?: boolean }) => void;

let navigator: Navigate | null = null;

/** Called by the app shell with the router's navigate; pass null on unmount. */
export function setNavigator(fn: Navigate | null): void {
  navigator = fn;
}

/** Navigates with the registered router, else with a full page load. */
export function navigate(to: string, opts?: { replace?: boolean }): void {
  if (navigator) {
    navigator(to, opts);
    return;
  }
  if (opts?.replace) window.location.replace(to);
  else window.location.assign(to);
}

/** The current in-app location (path + query), used for "come back after sign-in". */
export function currentLocation(): string {
  return `${window.location.pathname}${window.location.search}`;
}
