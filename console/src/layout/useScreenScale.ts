import { useEffect, useState } from 'react';

/** Below this width the console's normal sizes fit; above it the whole console is zoomed with the screen. */
const WALL_WIDTH = 2560;
const BASE_WIDTH = 1920;
const MAX_SCALE = 2;

/**
 * How much larger the console is drawn on a large screen: 1 up to 2560 px, then width / 1920 in quarter
 * steps up to 2 (3840 px). A 4K display at device pixel ratio 1 would otherwise show 14 px text; on a
 * display that already scales (ratio ≥ 1.5) the browser's CSS pixels are large enough and nothing changes.
 */
export const screenScale = (width: number, pixelRatio = 1): number =>
  pixelRatio >= 1.5 ? 1 : width < WALL_WIDTH ? 1 : Math.min(MAX_SCALE, Math.round((width / BASE_WIDTH) * 4) / 4);

export function useScreenScale(): number {
  const [scale, setScale] = useState(() => screenScale(window.innerWidth, window.devicePixelRatio));
  useEffect(() => {
    const onResize = () => setScale(screenScale(window.innerWidth, window.devicePixelRatio));
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  return scale;
}
