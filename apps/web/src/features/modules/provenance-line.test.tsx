import type { components } from "@brandscope/api-client";
import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, describe, expect, it } from "vitest";
import { ProvenanceLine, RECOMPUTING_TEXT } from "./provenance-line";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

type Provenance = components["schemas"]["Provenance"];

const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3600 * 1000).toISOString();
const imported: Provenance = {
  source: "csv_import",
  sourceName: "meta-facebook-posts",
  dataAsOf: "2026-11-03T18:00:00.000Z",
  computedAt: hoursAgo(3),
  stale: false,
};

let root: Root | undefined;
let container: HTMLElement | undefined;
function cleanup() {
  act(() => root?.unmount());
  container?.remove();
}
afterEach(cleanup);

function render(provenance: Provenance) {
  container = document.createElement("div");
  document.body.append(container);
  root = createRoot(container);
  act(() => root?.render(<ProvenanceLine provenance={provenance} />));
  const note = container.querySelector("[data-slot=provenance-note]");
  if (!note) throw new Error("No provenance note");
  return note;
}

describe("ProvenanceLine", () => {
  it("says where fresh figures come from and when they were computed, without a data date", () => {
    const note = render(imported);
    expect(note.textContent).toBe("Meta Facebook posts (CSV import) · updated 3 hours ago");
    expect(note.querySelector("[data-slot=provenance-stale]")).toBeNull();
  });

  it("names every export the figures rest on", () => {
    const note = render({ ...imported, sourceName: "instagram-posts, meta-facebook-posts" });
    expect(note.textContent).toBe(
      "Meta Instagram posts, Meta Facebook posts (CSV import) · updated 3 hours ago",
    );
  });

  it("marks stale figures with the date of their data, still showing them", () => {
    const note = render({ ...imported, stale: true });
    expect(note.textContent).toBe(
      "Meta Facebook posts (CSV import) · updated 3 hours ago · data from 3 Nov 2026 · stale",
    );
    const warning = note.querySelector("[data-slot=provenance-stale]");
    expect(warning?.textContent).toBe("data from 3 Nov 2026 · stale");
    expect(warning?.querySelector("time")?.getAttribute("datetime")).toBe("2026-11-03T18:00:00.000Z");
  });

  it("says the day sample data is as of rather than stale, and a stale figure of unknown date only that it is stale", () => {
    // The sample's periods end on its data set's own day (docs/decisions.md "Periods"): as of then, not stale.
    expect(render({ ...imported, source: "sample", sourceName: null, stale: true }).textContent).toBe(
      "Sample data as of 3 Nov 2026",
    );
    cleanup();
    expect(
      render({ ...imported, source: "sample", sourceName: null, dataAsOf: null, stale: true }).textContent,
    ).toBe("Sample data · stale");
    cleanup();
    expect(render({ ...imported, dataAsOf: null, stale: true }).textContent).toMatch(/ago · stale$/);
  });

  it("says stored figures are being updated while their recompute is queued", () => {
    const note = render({ ...imported, recomputing: true });
    const line = note.parentElement?.querySelector("[data-slot=provenance-recomputing]");
    expect(line?.textContent).toBe(RECOMPUTING_TEXT);
    expect(note.textContent).toContain("updated");
    cleanup();
    const fresh = render({ ...imported, recomputing: false });
    expect(fresh.parentElement?.querySelector("[data-slot=provenance-recomputing]")).toBeNull();
  });
});
