import { useEffect, type RefObject } from 'react';

interface SubmitState {
  submitCount: number;
  isSubmitting: boolean;
  isValid: boolean;
}

/**
 * After a submit that failed validation, moves focus to the first invalid control so
 * keyboard and screen-reader users land on the problem and hear its message (linked with
 * aria-describedby) instead of a silent page.
 */
export function useFocusFirstInvalid(formRef: RefObject<HTMLFormElement | null>, state: SubmitState) {
  const { submitCount, isSubmitting, isValid } = state;
  useEffect(() => {
    if (submitCount === 0 || isSubmitting || isValid) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
    // Only a new submit attempt should move focus, not later edits.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- isValid changes with every edit
  }, [submitCount, isSubmitting]);
}
