import { Component, type ReactNode } from 'react';

/**
 * A screen that fails to load or render (typically its chunk gone after a deploy) says so in
 * plain words inside the frame, so navigation and sign-out still work. Keyed by the path by
 * its parent: another screen starts afresh.
 */
export class ScreenErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  render() {
    if (!this.state.failed) return this.props.children;
    return (
      <p className="form-message form-message--error" role="alert">
        This screen could not be opened. Please reload the page to try again.
      </p>
    );
  }
}
