/**
 * An error boundary: a render error anywhere below turns into the `invalid` state instead of
 * a blank widget. It resets when `resetKey` changes (a new result deserves a fresh try).
 */
import { Component, type ErrorInfo, type ReactNode } from "react";
import { devWarn, IS_DEV, type DevNamed } from "./dev.ts";

/** Props of `RenderGuard`. */
export interface RenderGuardProps {
  /** What to show after a render error. */
  readonly fallback: ReactNode;
  /** When this changes identity, the guard tries the children again. */
  readonly resetKey?: unknown;
  readonly children?: ReactNode;
}

/** What `RenderGuard` remembers: whether its children threw, and for which reset key. */
export interface RenderGuardState {
  readonly failed: boolean;
  readonly resetKey: unknown;
}

/** Catches render errors below it and shows `fallback`. */
export class RenderGuard extends Component<RenderGuardProps, RenderGuardState> {
  declare static displayName?: string;
  override state: RenderGuardState = { failed: false, resetKey: this.props.resetKey };

  static getDerivedStateFromError(): Partial<RenderGuardState> {
    return { failed: true };
  }

  static getDerivedStateFromProps(
    props: RenderGuardProps,
    state: RenderGuardState,
  ): Partial<RenderGuardState> | null {
    return Object.is(props.resetKey, state.resetKey)
      ? null
      : { failed: false, resetKey: props.resetKey };
  }

  override componentDidCatch(error: unknown, _info: ErrorInfo): void {
    // Never on screen (it may carry payload text or internals); in development, in the console.
    if (IS_DEV)
      devWarn("ResultView", `a render error was shown as the invalid state: ${String(error)}`);
  }

  override render(): ReactNode {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
if (IS_DEV) (RenderGuard as DevNamed).displayName = "RenderGuard";
