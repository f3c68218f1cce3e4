import { useEffect, useState, type RefObject } from 'react';

export interface ViewportSize {
  width: number;
  height: number;
}

/** The element's size in CSS pixels, followed with a ResizeObserver (window resize where there is none). */
export function useViewport(ref: RefObject<HTMLElement | null>): ViewportSize {
  const [size, setSize] = useState<ViewportSize>(() => ({ width: window.innerWidth || 1920, height: window.innerHeight || 1080 }));
  useEffect(() => {
    const element = ref.current;
    const update = (width: number, height: number) => {
      if (width <= 0 || height <= 0) return;
      setSize((current) => (current.width === width && current.height === height ? current : { width, height }));
    };
    if (element && typeof ResizeObserver === 'function') {
      const observer = new ResizeObserver((entries) => {
        const box = entries[0]?.contentRect;
        if (box) update(Math.round(box.width), Math.round(box.height));
      });
      observer.observe(element);
      return () => observer.disconnect();
    }
    const onResize = () => update(window.innerWidth, window.innerHeight);
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, [ref]);
  return size;
}
