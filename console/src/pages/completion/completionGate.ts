/** The screen's menu: `add` completes a gap, `delete` undoes a completion (shared/menu/buttons.ts). */
export const COMPLETION_MENU = '/settings/completionHistory';
export const COMPLETION_GATE = { menu: COMPLETION_MENU } as const;
