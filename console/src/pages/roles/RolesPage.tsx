/** Issue 7 screen (being built). */
export function RolesPage() {
  return null;
}
