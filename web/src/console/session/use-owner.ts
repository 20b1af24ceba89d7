import { useSession } from './session';

/**
 * The signed-in owner, or the one whose session ended under the open screen (their screens stay
 * mounted until the sign-in, so what they typed stays keyed to them); '' while checking.
 */
export function useOwner(): string {
  const { state } = useSession();
  if (state.status === 'signed-in') return state.session.owner;
  return state.status === 'signed-out' ? (state.interrupted?.owner ?? '') : '';
}
