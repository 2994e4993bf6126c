/** A React error boundary whose fallback can retry (re-render the children). */
import { Component, type ReactNode } from 'react';

export interface FallbackProps {
  error: Error;
  tryAgain: () => void;
}

interface Props {
  fallback: (props: FallbackProps) => ReactNode;
  children: ReactNode;
}

export class ErrorBoundary extends Component<Props, { error: Error | null }> {
  override state: { error: Error | null } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override render() {
    const { error } = this.state;
    if (error !== null) {
      return this.props.fallback({ error, tryAgain: () => this.setState({ error: null }) });
    }
    return this.props.children;
  }
}
