import { useEffect } from 'react';
import { editorCommand, isInField, type EditorCommand } from './editorShortcuts';

/** Listens to the window while `active` (a hidden, kept-alive editor must not react to another screen's keys). */
export function useEditorShortcuts(active: boolean, run: (command: EditorCommand) => void): void {
  useEffect(() => {
    if (!active) return undefined;
    const onKeyDown = (event: KeyboardEvent) => {
      // Keys typed in a dialog or drawer (leave, history) are its own.
      if (event.target instanceof HTMLElement && event.target.closest('.ant-modal, .ant-drawer, .ant-dropdown')) return;
      const command = editorCommand({
        key: event.key,
        ctrlKey: event.ctrlKey,
        metaKey: event.metaKey,
        shiftKey: event.shiftKey,
        altKey: event.altKey,
        inField: isInField(event.target),
      });
      if (command === null) return;
      event.preventDefault();
      run(command);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [active, run]);
}
