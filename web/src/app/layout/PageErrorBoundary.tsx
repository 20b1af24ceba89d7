import { Component, type ReactNode } from 'react';
import { RouteError } from './RouteError';

interface Props {
  pathname: string;
  children: ReactNode;
}

interface State {
  pathname: string;
  failed: boolean;
}

/**
 * Catches a page that fails to load or render (typically a chunk gone after a deploy) and
 * shows RouteError inside the layout; moving to another path tries again.
 */
export class PageErrorBoundary extends Component<Props, State> {
  state: State = { pathname: this.props.pathname, failed: false };

  static getDerivedStateFromError(): Partial<State> {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.pathname === state.pathname ? null : { pathname: props.pathname, failed: false };
  }

  render() {
    return this.state.failed ? <RouteError /> : this.props.children;
  }
}
