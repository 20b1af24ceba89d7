import { useEffect, useRef } from 'react';

/**
 * Moves keyboard and screen-reader focus to the element (a heading with tabIndex -1) when the
 * screen appears, so a sign-in screen that replaces another is announced and starts from the top.
 */
export function useFocusOnMount<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  useEffect(() => ref.current?.focus(), []);
  return ref;
}
