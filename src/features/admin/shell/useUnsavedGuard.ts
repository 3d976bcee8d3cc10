import { useRef } from 'react';
import { useBlocker } from '@tanstack/react-router';
import { confirmDark } from '../../../lib/popup';

export const UNSAVED_MESSAGE = '저장하지 않은 변경 사항이 있습니다. 이 페이지를 떠날까요?';

/**
 * Asks before leaving a form with unsaved changes: a dark confirm inside the app, the browser's own prompt on a
 * reload or a closed tab. Returns `release`, for a save that navigates away on its own (a new class opens its page).
 */
export function useUnsavedGuard(dirty: boolean): { release: () => void } {
  const released = useRef(false);
  released.current = released.current && dirty;
  const blocking = () => dirty && !released.current;
  useBlocker({
    shouldBlockFn: async () => (blocking() ? !(await confirmDark(UNSAVED_MESSAGE)) : false),
    enableBeforeUnload: blocking,
  });
  return {
    release: () => {
      released.current = true;
    },
  };
}
