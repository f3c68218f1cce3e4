import { useEffect, useState, type RefObject } from 'react';

/** The console's own zoom on large screens (useScreenScale sets it on <html>). */
const pageZoom = (): number => Number.parseFloat(document.documentElement.style.zoom) || 1;

export interface AvailableHeightOptions {
  /** CSS pixels that stay below the element (the view's bottom padding, a footer). */
  bottomGap: number;
  /** Never smaller than this: on a short window the page scrolls instead of squeezing the content. */
  minHeight: number;
  /** Measure only while true (a kept-alive hidden view does not). */
  active?: boolean;
}

/**
 * The CSS height from the element's top to the bottom of the window, less `bottomGap`: the board editor,
 * the embedded kiosk frame and the query chart fill what the navbar and tags bar leave. Measured again when
 * the window or the page above it changes size. Zoom-aware: rects and innerHeight are zoomed pixels, a CSS
 * height is multiplied by the zoom again (100vh is not, which is why this is not plain CSS).
 */
export function useAvailableHeight(ref: RefObject<HTMLElement | null>, { bottomGap, minHeight, active = true }: AvailableHeightOptions): number {
  const [height, setHeight] = useState(minHeight);
  useEffect(() => {
    const element = ref.current;
    if (!element || !active) return;
    const measure = () => {
      const top = element.getBoundingClientRect().top + window.scrollY;
      setHeight(Math.max(minHeight, Math.floor((window.innerHeight - top) / pageZoom() - bottomGap)));
    };
    measure();
    window.addEventListener('resize', measure);
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(document.body);
    return () => {
      window.removeEventListener('resize', measure);
      observer?.disconnect();
    };
  }, [ref, bottomGap, minHeight, active]);
  return height;
}
