/**
 * Catches what a screen throws while rendering and shows RouteError instead of a blank page. Going to
 * another address clears the error, so the rest of the site stays usable.
 */
import { Component, type ReactNode } from 'react';
import RouteError from '../features/pages/RouteError.tsx';

interface Props {
  /** The address: when it changes, the boundary tries its children again. */
  resetKey: string;
  children: ReactNode;
}

interface State {
  error: unknown;
  /** The address the state belongs to. */
  key: string;
}

export class RouteErrorBoundary extends Component<Props, State> {
  constructor(props: Props) {
    super(props);
    this.state = { error: null, key: props.resetKey };
  }

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: error ?? new Error('unknown error') };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey === state.key ? null : { error: null, key: props.resetKey };
  }

  override render(): ReactNode {
    return this.state.error === null ? this.props.children : <RouteError error={this.state.error} />;
  }
}
