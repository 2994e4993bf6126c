/**
 * Catches an error from its children and rethrows it wrapped (onError adds context, keeping the
 * original as `cause`), so the crash screen further up shows both.
 */
import { Component, type ReactNode } from 'react';

interface Props {
  onError: (error: unknown) => Error;
  children: ReactNode;
}

export class ErrorCauseBoundary extends Component<Props, { error: unknown }> {
  override state: { error: unknown } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override render() {
    if (this.state.error !== null) throw this.props.onError(this.state.error);
    return this.props.children;
  }
}
