/** Issue 7 screen (being built). */
export function MenusPage() {
  return null;
}
