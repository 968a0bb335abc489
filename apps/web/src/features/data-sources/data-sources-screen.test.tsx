import type { components } from "@brandscope/api-client";
import { act } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  activeBrand,
  click,
  getByRoleName,
  getByText,
  json,
  mockApi,
  problem,
  queryByText,
  renderScreen,
  waitFor,
} from "../modules/test-utils";
import { userKeys } from "../user/queries";
import { DataSourcesScreen, holdsText, importedText, recognisedText } from "./data-sources-screen";

afterEach(() => {
  vi.unstubAllGlobals();
  document.body.innerHTML = "";
});

const competitor = { ...activeBrand, id: "9b8a7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d", name: "Birch Lane" };
/** An import that holds nothing; each case names what it holds. */
const NO_HOLDS = {
  posts: 0,
  followerDays: 0,
  keywords: 0,
  searchQueries: 0,
  audienceSegments: 0,
  trafficMonths: 0,
  creators: 0,
} as const;
const imported = {
  id: "0d1c2b3a-4f5e-4d6c-8b7a-9f8e7d6c5b4a",
  brandId: activeBrand.id,
  format: "instagram-posts",
  fileName: "instagram-content.csv",
  status: "completed",
  rows: 6,
  imported: 6,
  errors: [],
  createdAt: "2026-11-25T09:00:00.000Z",
  uploadedBy: "Ada Quill",
  holds: { ...NO_HOLDS, posts: 6 },
  firstDay: "2026-09-01",
  lastDay: "2026-09-12",
  expiresAt: null,
} as const;
const pending = {
  ...imported,
  status: "pending",
  holds: { ...NO_HOLDS },
  expiresAt: "2026-11-26T09:00:00.000Z",
} as const;

/** Chooses files through the screen's file input, as the file picker does. */
async function choose(container: HTMLElement, files: File[]) {
  const input = container.querySelector<HTMLInputElement>("input[type=file]");
  if (!input) throw new Error("no file input");
  Object.defineProperty(input, "files", { configurable: true, value: files });
  await act(async () => {
    input.dispatchEvent(new Event("change", { bubbles: true }));
  });
}

describe("holdsText", () => {
  it("says what an import holds in exact counts, with thousands separated", () => {
    expect(
      holdsText({
        ...imported,
        errors: [],
        holds: { ...NO_HOLDS, posts: 100_000, followerDays: 1 },
      }),
    ).toBe("100,000 posts, 1 day of followers");
    expect(
      holdsText({
        ...imported,
        errors: [],
        holds: { ...NO_HOLDS },
      }),
    ).toBe("Nothing");
    expect(
      holdsText({
        ...imported,
        format: "ga4-audience",
        errors: [],
        holds: { ...NO_HOLDS, audienceSegments: 15 },
      }),
    ).toBe("15 audience segments");
    // A Search Console export and a creator list hold rows too: removing them takes those away.
    expect(
      holdsText({
        ...imported,
        errors: [],
        holds: { ...NO_HOLDS, searchQueries: 5, creators: 1 },
      }),
    ).toBe("5 searches, 1 creator");
    // A GA4 traffic export holds months of one country's visits.
    expect(
      holdsText({
        ...imported,
        format: "ga4-traffic",
        errors: [],
        holds: { ...NO_HOLDS, trafficMonths: 16 },
      }),
    ).toBe("16 months of visits by country");
  });
});

describe("a GA4 audience export", () => {
  const audience: components["schemas"]["Import"] = {
    ...pending,
    format: "ga4-audience",
    fileName: "audience.csv",
    rows: 40,
    imported: 15,
    firstDay: "2026-08-01",
    lastDay: "2026-10-31",
    errors: [
      { row: 16, message: "2 rows not stored: their interest is not mapped to one Brandscope knows." },
    ],
  };

  it("is recognised by its name, in segments, with the period its file covers", () => {
    expect(recognisedText(audience, "Lumora Coffee")).toBe(
      "Google Analytics 4 audience of Lumora Coffee: 40 rows, 1 Aug 2026 to 31 Oct 2026. Importing stores 15 " +
        "audience segments (one per age, gender and country), which replace any earlier audience import of this brand.",
    );
    expect(importedText({ ...audience, status: "completed" })).toBe(
      "Google Analytics 4 audience: 15 audience segments stored from 40 rows. The personas are being recomputed.",
    );
    expect(importedText({ ...imported, errors: [] })).toBe(
      "Meta Instagram posts: 6 of 6 rows stored. The figures are being recomputed.",
    );
  });

  it("shows in the history by its name, with the segments it holds", async () => {
    const completed = {
      ...audience,
      status: "completed",
      expiresAt: null,
      holds: { ...NO_HOLDS, audienceSegments: 15 },
    };
    mockApi({
      "GET /brand": () => json({ brand: activeBrand }),
      "GET /brand/competitor": () => json({ competitors: [], limit: 5 }),
      "GET /brand/imports": () => json([completed]),
    });
    const view = await renderScreen(DataSourcesScreen);
    const history = await waitFor(() => {
      const table = view.container.querySelector('table[aria-label="Import history"]');
      if (!table) throw new Error("no import history yet");
      return table;
    });
    expect(history.textContent).toContain("Google Analytics 4 audience");
    expect(history.textContent).toContain("15 audience segments");
  });
});

describe("Data sources", () => {
  it("reads each chosen file first, says what it holds, imports it on request, and reports a refused one", async () => {
    let listed: object[] = [];
    const sent: { brandId: string | null; preview: string | null }[] = [];
    const api = mockApi({
      "GET /brand": () => json({ brand: activeBrand }),
      "GET /brand/competitor": () => json({ competitors: [competitor], limit: 5 }),
      "GET /brand/imports": () => json(listed),
      "POST /brand/imports": async (request) => {
        const form = await request.formData();
        const file = form.get("file") as File;
        sent.push({
          brandId: form.get("brandId") as string | null,
          preview: form.get("preview") as string | null,
        });
        if (file.name === "bad.csv") {
          return json(
            {
              code: "IMPORT_REJECTED",
              message: "Nothing was imported: 1 of 6 rows have errors (1 in all).",
              requestId: "req-test",
              details: [
                { path: "/rows/2/Total likes", message: 'Row 2, column "Total likes": not a number' },
              ],
            },
            422,
          );
        }
        listed = [pending];
        return json(pending, 201);
      },
      [`POST /brand/imports/${imported.id}/commit`]: () => {
        listed = [imported];
        return json(imported);
      },
    });
    // happy-dom's XMLHttpRequest goes to the network, past mockApi: uploads fall back to fetch without it (the
    // browser tests upload through XMLHttpRequest, with its progress).
    vi.stubGlobal("XMLHttpRequest", undefined);
    const view = await renderScreen(DataSourcesScreen);
    await waitFor(() => getByText(view.container, "No import yet"));

    await choose(view.container, [
      new File(["a"], "instagram-content.csv", { type: "text/csv" }),
      new File(["b"], "bad.csv", { type: "text/csv" }),
    ]);
    await waitFor(() =>
      getByText(
        view.container,
        // "Sep" or "Sept", as the runtime's ICU writes it.
        /^Meta Instagram posts of Lumora Coffee: 6 rows, 1 Sept? 2026 to 12 Sept? 2026\. Importing stores 6 of them\.$/,
      ),
    );
    await waitFor(() => getByText(view.container, 'Row 2, column "Total likes": not a number'));
    expect(
      getByText(view.container, "Nothing was imported: 1 of 6 rows have errors (1 in all)."),
    ).toBeTruthy();
    // Read and checked only: nothing is in the history until the user imports it.
    expect(view.container.querySelectorAll("table tbody tr")).toHaveLength(0);
    expect(api.calls("POST", `/brand/imports/${imported.id}/commit`)).toHaveLength(0);

    await click(getByRoleName(view.container, "button", "Import 6 rows"));
    await waitFor(() =>
      getByText(
        view.container,
        "Meta Instagram posts: 6 of 6 rows stored. The figures are being recomputed.",
      ),
    );
    await waitFor(() => expect(view.container.querySelectorAll("table tbody tr")).toHaveLength(1));
    // Both went to the workspace's own brand (no brandId), to be read first: one after the other.
    expect(sent).toEqual([
      { brandId: null, preview: "true" },
      { brandId: null, preview: "true" },
    ]);
    view.unmount();
  });

  it("removes an import after saying what goes with it, and lists what the server lists then", async () => {
    let listed: object[] = [imported];
    const api = mockApi({
      "GET /brand": () => json({ brand: activeBrand }),
      "GET /brand/competitor": () => json({ competitors: [], limit: 1 }),
      "GET /brand/imports": () => json(listed),
      "DELETE /brand/imports/0d1c2b3a-4f5e-4d6c-8b7a-9f8e7d6c5b4a": () => {
        listed = [];
        return new Response(null, { status: 204 });
      },
    });
    const view = await renderScreen(DataSourcesScreen);
    await waitFor(() => getByText(view.container, "6 posts"));
    getByText(view.container, "by Ada Quill");

    await click(getByRoleName(view.container, "button", "Remove instagram-content.csv"));
    const dialog = await waitFor(() => {
      const found = document.querySelector<HTMLElement>("[role=dialog]");
      if (!found) throw new Error("no dialog");
      return found;
    });
    getByText(dialog, /^6 posts it stored go with it/);
    await click(getByRoleName(dialog, "button", "Remove import"));
    await waitFor(() => getByText(view.container, "No import yet"));
    expect(api.calls("DELETE", "/brand/imports/0d1c2b3a-4f5e-4d6c-8b7a-9f8e7d6c5b4a")).toHaveLength(1);
    await waitFor(() => expect(document.querySelector("[role=dialog]")).toBeNull());
    view.unmount();
  });

  it("shows a member the sources and imports with their actions disabled, and why", async () => {
    const api = mockApi({
      "GET /brand": () => json({ brand: activeBrand }),
      "GET /brand/competitor": () => json({ competitors: [], limit: 1 }),
      "GET /brand/imports": () => json([imported]),
    });
    const view = await renderScreen(DataSourcesScreen);
    await waitFor(() => getByText(view.container, "6 posts"));
    view.queryClient.setQueryData(userKeys.me(), { workspace: { role: "member" } });
    await waitFor(() =>
      getByText(
        view.container,
        "Only owners and admins can upload exports, connect, refresh or disconnect sources and remove imports.",
      ),
    );
    const remove = getByRoleName(view.container, "button", "Remove instagram-content.csv");
    // Inside a disabled fieldset, which disables every control in it (happy-dom does not apply that itself).
    expect(remove.closest("fieldset")?.disabled).toBe(true);
    expect(view.container.querySelector("[data-slot=file-drop]")?.hasAttribute("data-disabled")).toBe(true);
    expect(api.calls("DELETE", "/brand/imports/0d1c2b3a-4f5e-4d6c-8b7a-9f8e7d6c5b4a")).toHaveLength(0);
    view.unmount();
  });

  it("tells a workspace on the sample brand that imports are for its own brand", async () => {
    mockApi({ "GET /brand": () => json({ brand: { ...activeBrand, sample: true } }) });
    const view = await renderScreen(DataSourcesScreen);
    await waitFor(() => getByText(view.container, "The sample brand comes with its data"));
    expect(queryByText(view.container, "Drop your exports here")).toBeNull();
    view.unmount();
  });

  it("says when the import history cannot be loaded, with a retry", async () => {
    mockApi({
      "GET /brand": () => json({ brand: activeBrand }),
      "GET /brand/competitor": () => json({ competitors: [], limit: 1 }),
      "GET /brand/imports": () => problem(503, "UNAVAILABLE", "Down for a moment"),
    });
    const view = await renderScreen(DataSourcesScreen);
    await waitFor(() => getByText(view.container, "We could not load your imports"));
    view.unmount();
  });
});
