import { Component, type ReactNode } from 'react';

interface Props {
  /** The error tile to show while broken. */
  fallback: (error: Error) => ReactNode;
  onError?: () => void;
  /** Called just before the retry (the host forgets a failed chunk here). */
  onRetry?: () => void;
  retryAfterMs: number;
  children: ReactNode;
}

interface State {
  error: Error | null;
  attempt: number;
}

/**
 * One per widget: a renderer that throws shows an error tile instead of taking the board down, and is
 * tried again after `retryAfterMs` (a wall nobody touches must heal itself from a transient failure).
 */
export class WidgetErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, attempt: 0 };
  private timer: ReturnType<typeof setTimeout> | null = null;

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidCatch(): void {
    this.props.onError?.();
    this.clearTimer();
    this.timer = setTimeout(() => {
      this.timer = null;
      this.props.onRetry?.();
      this.setState((state) => ({ error: null, attempt: state.attempt + 1 }));
    }, this.props.retryAfterMs);
  }

  override componentWillUnmount(): void {
    this.clearTimer();
  }

  private clearTimer(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }

  override render(): ReactNode {
    if (this.state.error) return this.props.fallback(this.state.error);
    return <RetryKey key={this.state.attempt}>{this.props.children}</RetryKey>;
  }
}

/** A fresh key remounts the subtree on retry. */
function RetryKey({ children }: { children: ReactNode }) {
  return <>{children}</>;
}
