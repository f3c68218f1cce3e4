import { useEffect, useState } from 'react';

/** Below this width the console's normal sizes fit; above it the home grows with the screen. */
const WALL_WIDTH = 2560;
const BASE_WIDTH = 1920;
const MAX_SCALE = 2;

/**
 * How much larger the home is drawn on a wall screen: 1 up to 2560 px, then width / 1920 in quarter
 * steps up to 2 (3840 px). A 4K display at device pixel ratio 1 would otherwise show 14 px text across a room.
 */
export const homeScale = (width: number): number => (width < WALL_WIDTH ? 1 : Math.min(MAX_SCALE, Math.round((width / BASE_WIDTH) * 4) / 4));

export function useHomeScale(): number {
  const [scale, setScale] = useState(() => homeScale(window.innerWidth));
  useEffect(() => {
    const onResize = () => setScale(homeScale(window.innerWidth));
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  return scale;
}

/** antd tokens for the scale: text, spacing and control heights derive from these three. */
export const scaledTokens = (scale: number) => ({ fontSize: Math.round(14 * scale), sizeUnit: 4 * scale, sizeStep: 4 * scale, controlHeight: Math.round(32 * scale) });
