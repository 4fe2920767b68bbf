import { useLayoutEffect } from "react";
import { useHostGlobal } from "./use-host-global.ts";

/**
 * Writes the host's design tokens (`useStyleVariables`, already sanitised) onto `<html>`, as
 * the MCP Apps spec asks: the kit's tokens read them by their standard names, and so does the
 * page behind the root. Variables the host stops sending are removed again. Layout effect, so
 * the first paint already has the host's colours.
 */
export function useDocumentStyleVariables(): void {
  const variables = useHostGlobal("styleVariables");
  useLayoutEffect(() => {
    const style = document.documentElement.style;
    const names = Object.keys(variables);
    for (const name of names) style.setProperty(name, variables[name]!);
    return () => {
      for (const name of names) style.removeProperty(name);
    };
  }, [variables]);
}
