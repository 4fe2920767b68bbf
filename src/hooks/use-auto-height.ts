import { useEffect, type RefObject } from "react";
import { useHost } from "./host-context.tsx";

/**
 * Reports the element's height to the host (`host.notifyHeight`) whenever it changes, so the
 * host sizes the frame to the content. Uses ResizeObserver where it exists; without it the
 * height is reported once after mount.
 */
export function useAutoHeight(ref: RefObject<Element | null>): void {
  const host = useHost();
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    let last = -1;
    const report = () => {
      const height = Math.ceil(element.getBoundingClientRect().height);
      if (height === last || !Number.isFinite(height)) return;
      last = height;
      host.notifyHeight(height);
    };
    report();
    if (typeof ResizeObserver !== "function") return;
    const observer = new ResizeObserver(report);
    observer.observe(element);
    return () => observer.disconnect();
  }, [host, ref]);
}
