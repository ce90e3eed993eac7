"use client";

import { useSyncExternalStore } from "react";

const never = () => () => undefined;

/** False in the server's HTML and the first client render, true once React handles events here. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
