"use client";

import { useSyncExternalStore } from "react";

// Tailwind's `md` breakpoint: the desktop table from here up, a phone's cards below.
const query = "(min-width: 48rem)";

function subscribe(listener: () => void) {
  const media = window.matchMedia(query);
  media.addEventListener("change", listener);
  return () => media.removeEventListener("change", listener);
}

/**
 * Whether the screen is `md` or wider; null on the server and while hydrating. CSS decides what shows (both views are
 * rendered into the HTML, one hidden by breakpoint, so nothing jumps and hydration agrees); this only lets a
 * component drop the view its screen hides once it has hydrated, so it costs no DOM.
 */
export function useWideScreen(): boolean | null {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => null,
  );
}
