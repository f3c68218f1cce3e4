/** The wait until a change as whole minutes, rounded up (a change 30 s away is "1 min"); null when there is none or it has passed. */
export function countdownParts(changesAt: number | null, now: number): { hours: number; minutes: number } | null {
  if (changesAt === null || changesAt <= now) return null;
  const total = Math.ceil((changesAt - now) / 60_000);
  return { hours: Math.floor(total / 60), minutes: total % 60 };
}
