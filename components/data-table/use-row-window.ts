"use client";

import { type RefObject, useEffect, useState } from "react";
import { flushSync } from "react-dom";

interface RowWindowOptions {
  /** Rows in the table. */
  count: number;
  /** Every row's height in pixels: the rows are fixed-height, so no row is ever measured. */
  rowHeight: number;
  /** Rows rendered beyond each edge of the viewport. */
  overscan: number;
  scrollRef: RefObject<HTMLElement | null>;
  /** The viewport's height before the element is measured (the server's render and the first client render). */
  initialHeight: number;
}

export interface RowWindow {
  /** First and last row index to render, inclusive; last < first when there are none. */
  first: number;
  last: number;
  /** Empty space above the first rendered row and below the last, in pixels. */
  padTop: number;
  padBottom: number;
}

/**
 * The rows of a fixed-row-height table that are in view of its scroll container, plus `overscan` either side: the
 * scroll offset and height are read on scroll and resize, and each change renders at once (as a virtualizer does),
 * so fast scrolling never shows blank rows.
 */
export function useRowWindow({ count, rowHeight, overscan, scrollRef, initialHeight }: RowWindowOptions): RowWindow {
  const [viewport, setViewport] = useState({ top: 0, height: initialHeight });

  useEffect(() => {
    const element = scrollRef.current;
    if (!element) return;
    const read = () => {
      const next = { top: element.scrollTop, height: element.clientHeight };
      setViewport((current) => (current.top === next.top && current.height === next.height ? current : next));
    };
    const onScroll = () => flushSync(read);
    read();
    element.addEventListener("scroll", onScroll, { passive: true });
    const observer = new ResizeObserver(read);
    observer.observe(element);
    return () => {
      element.removeEventListener("scroll", onScroll);
      observer.disconnect();
    };
  }, [scrollRef]);

  return rowWindow(count, rowHeight, overscan, viewport.top, viewport.height);
}

/** The rows to render for a viewport `height` pixels tall scrolled `top` pixels down, `overscan` rows either side. */
export function rowWindow(count: number, rowHeight: number, overscan: number, top: number, height: number): RowWindow {
  const inViewFirst = Math.floor(top / rowHeight);
  const inViewLast = Math.ceil((top + height) / rowHeight) - 1;
  const first = Math.min(Math.max(0, inViewFirst - overscan), count);
  const last = Math.min(count - 1, inViewLast + overscan);
  return { first, last, padTop: first * rowHeight, padBottom: Math.max(0, count - 1 - last) * rowHeight };
}
