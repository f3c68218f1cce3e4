import { useEffect, useState, type RefObject } from 'react';

/** Never smaller than this: on a short window the page scrolls instead of squeezing the board. */
const MIN_HEIGHT = 320;

/** The console's own zoom on large screens (useScreenScale sets it on <html>). */
const pageZoom = (): number => Number.parseFloat(document.documentElement.style.zoom) || 1;

/**
 * The CSS height from the element's top to the bottom of the window: the kiosk frame fills what the navbar
 * and tags bar leave, less `bottomGap` (what stays below it). Measured again when the window or the page above it changes size.
 */
export function useAvailableHeight(ref: RefObject<HTMLElement | null>, bottomGap: number): number {
  const [height, setHeight] = useState(MIN_HEIGHT);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => {
      // Rects and innerHeight are in zoomed pixels; a CSS height is multiplied by the zoom again.
      const top = element.getBoundingClientRect().top + window.scrollY;
      setHeight(Math.max(MIN_HEIGHT, Math.floor((window.innerHeight - top) / pageZoom() - bottomGap)));
    };
    measure();
    window.addEventListener('resize', measure);
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(document.body);
    return () => {
      window.removeEventListener('resize', measure);
      observer?.disconnect();
    };
  }, [ref, bottomGap]);
  return height;
}
