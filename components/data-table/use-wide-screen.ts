"use client";

import { createContext, useContext, useSyncExternalStore } from "react";

// Tailwind's `md` breakpoint: the desktop table from here up, a phone's cards below.
const query = "(min-width: 48rem)";

/** The server's guess that the screen is a phone's (components/data-table/phone-guess.ts), set in the root layout. */
export const PhoneGuess = createContext(false);

function subscribe(listener: () => void) {
  const media = window.matchMedia(query);
  media.addEventListener("change", listener);
  return () => media.removeEventListener("change", listener);
}

/**
 * Whether the screen is `md` or wider. On the server and while hydrating: false when the request came from a phone
 * (its first render leaves out the desktop table, half of a table's hydration), else null. CSS decides what shows
 * (with null both views are in the HTML, one hidden by breakpoint, so nothing jumps and hydration agrees); once
 * hydrated this lets a component drop the view its screen hides, or add the table to a phone held sideways.
 */
export function useWideScreen(): boolean | null {
  const phone = useContext(PhoneGuess);
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => (phone ? false : null),
  );
}
