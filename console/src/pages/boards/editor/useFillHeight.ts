import { useEffect, useState, type RefObject } from 'react';

/** The view's bottom padding under the editor (AppLayout .view). */
const BOTTOM_GAP = 16;
const MIN_HEIGHT = 420;

/**
 * The height that takes an element from where it starts down to the window's bottom edge, so the editor's
 * panes scroll on their own instead of the page. Measured again when the window resizes.
 */
export function useFillHeight(ref: RefObject<HTMLElement | null>, active: boolean): number {
  const [height, setHeight] = useState(MIN_HEIGHT);
  useEffect(() => {
    if (!active) return undefined;
    const measure = () => {
      const top = ref.current?.getBoundingClientRect().top ?? 0;
      setHeight(Math.max(MIN_HEIGHT, Math.floor(window.innerHeight - top - BOTTOM_GAP)));
    };
    measure();
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  }, [ref, active]);
  return height;
}
