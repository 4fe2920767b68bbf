/** Shows what the hooks read from the host: a living check of the decorator and the toolbar. */
import { useHost } from "../../src/hooks/host-context.tsx";
import { useHostGlobal } from "../../src/hooks/use-host-global.ts";
import { useTheme } from "../../src/hooks/use-theme.ts";

/** Props of `HostGlobalsProbe`. */
export interface HostGlobalsProbeProps {
  /** A heading for the probe. */
  readonly heading?: string;
}

/** A definition list of the host globals a widget reads, each row marked `data-global`. */
export function HostGlobalsProbe({ heading = "Host globals" }: HostGlobalsProbeProps) {
  const host = useHost();
  const theme = useTheme();
  const rows: ReadonlyArray<readonly [string, string]> = [
    ["protocol", host.kind],
    ["theme", theme],
    ["locale", useHostGlobal("locale")],
    ["displayMode", useHostGlobal("displayMode")],
    ["maxHeight", String(useHostGlobal("maxHeight") ?? "none")],
  ];
  return (
    <section className="wk-root" data-theme={theme} style={{ padding: 12 }}>
      <h2 style={{ marginTop: 0 }}>{heading}</h2>
      <dl>
        {rows.map(([name, value]) => (
          <div key={name} data-global={name} style={{ display: "flex", gap: 8 }}>
            <dt>{name}</dt>
            <dd style={{ margin: 0 }}>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
HostGlobalsProbe.displayName = "HostGlobalsProbe";
