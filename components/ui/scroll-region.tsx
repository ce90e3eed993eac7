import type { ReactNode } from "react";

interface ScrollRegionProps {
  label: string;
  className?: string;
  children: ReactNode;
}

/** A box that scrolls sideways where its table is wider than the screen (a phone), focusable so a keyboard can too. */
export function ScrollRegion({ label, className = "", children }: ScrollRegionProps) {
  return (
    <div className={`overflow-x-auto ${className}`} tabIndex={0} role="group" aria-label={`${label} (scrollable)`}>
      {children}
    </div>
  );
}
