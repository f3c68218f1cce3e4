import type { ReactNode } from 'react';

export interface AppLayoutProps {
  /** The tags bar of visited views (console/src/tags), shown when the tagsView setting is on. */
  tagsBar?: ReactNode;
  /** The current view. */
  children: ReactNode;
}

/** The console frame: sidebar, navbar, tags bar, view. (Skeleton: the layout work fills it.) */
export function AppLayout({ tagsBar, children }: AppLayoutProps) {
  return (
    <div data-testid="app-layout">
      {tagsBar}
      <main>{children}</main>
    </div>
  );
}
