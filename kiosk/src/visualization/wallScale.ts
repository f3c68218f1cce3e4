/** Text scale of a full-screen page: 1 at 1920×1080 and below, growing with the smaller side ratio on 4K and 8K walls. */
export function wallScale(width: number, height: number): number {
  return Math.max(1, Math.min(width / 1920, height / 1080));
}
