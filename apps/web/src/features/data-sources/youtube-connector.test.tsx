import { afterEach, describe, expect, it, vi } from "vitest";
import {
  activeBrand,
  click,
  getByRoleName,
  getByText,
  getInputByLabel,
  json,
  mockApi,
  problem,
  renderScreen,
  type,
  waitFor,
} from "../modules/test-utils";
import {
  channelText,
  creatorSearchText,
  quotaText,
  ROUNDED_NOTE,
  YoutubeConnectorSection,
} from "./youtube-connector";

afterEach(() => {
  vi.unstubAllGlobals();
  document.body.innerHTML = "";
});

const rivalId = "9b8a7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d";
const notConnected = {
  status: "not_connected",
  statusReason: null,
  keySource: null,
  lastSuccessAt: null,
  lastRunAt: null,
  nextRunAt: null,
  quotaUsedToday: 0,
  dailyQuota: 10000,
  operatorKeyShare: null,
  creatorSearch: { perDay: null, usedToday: 0, unitsPerSearch: 100 },
  channels: [
    {
      brandId: activeBrand.id,
      brandName: "Lumora Coffee",
      isOwnBrand: true,
      channel: null,
      title: null,
      subscribers: null,
      subscribersRoundedTo: null,
      problem: null,
    },
    {
      brandId: rivalId,
      brandName: "Brewhaus",
      isOwnBrand: false,
      channel: "https://www.youtube.com/@brewhaus",
      title: null,
      subscribers: null,
      subscribersRoundedTo: null,
      problem: null,
    },
  ],
} as const;

describe("the YouTube connector section", () => {
  it("asks for a key, sends the channels as typed, and shows the server's refusal of one", async () => {
    const bodies: unknown[] = [];
    mockApi({
      "GET /connectors/youtube": () => json(notConnected),
      "PUT /connectors/youtube": async (request) => {
        bodies.push(await request.json());
        return json(
          {
            code: "VALIDATION_FAILED",
            message: "The link must be a youtube.com link",
            requestId: "req-test",
            details: [{ path: "/channels/0/channel", message: "The link must be a youtube.com link" }],
          },
          400,
        );
      },
    });
    const view = await renderScreen(YoutubeConnectorSection);
    await waitFor(() => getByText(view.container, "Not connected"));
    await click(getByRoleName(view.container, "button", "Connect YouTube"));
    await waitFor(() => getByText(view.container, "Enter a YouTube Data API key"));
    expect(bodies).toEqual([]);

    await type(getInputByLabel(view.container, "API key"), "AIzaFakeYoutubeKey0000000000000000000");
    await type(getInputByLabel(view.container, "Lumora Coffee's channel"), "vimeo.com/lumora");
    await click(getByRoleName(view.container, "button", "Connect YouTube"));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toEqual({
      apiKey: "AIzaFakeYoutubeKey0000000000000000000",
      channels: [
        { brandId: activeBrand.id, channel: "vimeo.com/lumora" },
        { brandId: rivalId, channel: "https://www.youtube.com/@brewhaus" },
      ],
    });
    await waitFor(() => getByText(view.container, "The link must be a youtube.com link"));
    view.unmount();
  });

  it("shows each channel's audience, the quota, the next read and a spent quota's reason", async () => {
    mockApi({
      "GET /connectors/youtube": () =>
        json({
          ...notConnected,
          status: "quota_exhausted",
          statusReason: "YouTube's quota for this key is used up: reading resumes at 08:00 UTC.",
          keySource: "workspace",
          lastSuccessAt: "2026-11-25T08:17:00.000Z",
          nextRunAt: "2026-11-26T08:17:00.000Z",
          quotaUsedToday: 1234,
          channels: [
            { ...notConnected.channels[0], problem: "The channel hides its subscriber count." },
            {
              ...notConnected.channels[1],
              title: "Brewhaus Coffee",
              subscribers: 18400,
              subscribersRoundedTo: 100,
            },
          ],
        }),
      "POST /connectors/youtube/refresh": () =>
        problem(429, "RATE_LIMITED", "YouTube was read a moment ago."),
    });
    const view = await renderScreen(YoutubeConnectorSection);
    await waitFor(() => getByText(view.container, "Quota exhausted"));
    getByText(view.container, "YouTube's quota for this key is used up: reading resumes at 08:00 UTC.");
    // YouTube's counts are rounded: marked as such, and a hidden count stays a problem, never 0.
    getByText(view.container, "Brewhaus Coffee: about 18,400 subscribers");
    getByText(view.container, ROUNDED_NOTE);
    getByText(view.container, "The channel hides its subscriber count.");
    expect(view.container.textContent).toContain("1,234 of 10,000 quota units used today");
    expect(view.container.textContent).toContain("next read 26 Nov");
    // The workspace's own key: its quota alone limits the weekly creator search.
    expect(view.container.textContent).toContain(
      "Creators for your brands are searched once a week per brand, 100 quota units a search from your key's quota.",
    );
    await click(getByRoleName(view.container, "button", "Read again now"));
    await waitFor(() => getByText(view.container, "YouTube was read a moment ago."));
    view.unmount();
  });

  it("marks a rounded subscriber count as such, an exact one not, and a hidden one as unknown", () => {
    const channel = { ...notConnected.channels[1], title: "Brewhaus Coffee" };
    expect(channelText({ ...channel, subscribers: 12300, subscribersRoundedTo: 100 })).toBe(
      "Brewhaus Coffee: about 12,300 subscribers",
    );
    // Under 1,000 YouTube gives the exact count.
    expect(channelText({ ...channel, subscribers: 987, subscribersRoundedTo: 1 })).toBe(
      "Brewhaus Coffee: 987 subscribers",
    );
    expect(
      channelText({ ...channel, subscribers: null, problem: "The channel hides its subscriber count." }),
    ).toBe("The channel hides its subscriber count.");
  });

  it("says how many creator searches a day Brandscope's key allows the workspace, and what happens after", () => {
    expect(creatorSearchText({ perDay: 2, usedToday: 1, unitsPerSearch: 100 })).toBe(
      "Creator search with Brandscope's key: 1 of 2 searches a day used today (100 quota units each). When they are " +
        "used up, the next brand's weekly search waits for tomorrow (YouTube's day ends at midnight Pacific time); " +
        "with your own API key, only its quota limits searches.",
    );
    expect(creatorSearchText({ perDay: 0, usedToday: 0, unitsPerSearch: 100 })).toBe(
      "Creator search needs your own API key: Brandscope's key does not search for creators.",
    );
  });

  it("says the quota of the brand's own key, or the workspace's share of Brandscope's key", () => {
    expect(quotaText({ quotaUsedToday: 40, dailyQuota: 10_000, operatorKeyShare: null })).toBe(
      "40 of 10,000 quota units used today",
    );
    expect(
      quotaText({
        quotaUsedToday: 12,
        dailyQuota: 2_500,
        operatorKeyShare: { keyQuota: 10_000, workspaces: 4 },
      }),
    ).toBe(
      "12 of 2,500 quota units used today · using Brandscope's key: your workspace's share of its 10,000 units a day, split between 4 workspaces",
    );
    expect(
      quotaText({
        quotaUsedToday: 0,
        dailyQuota: 10_000,
        operatorKeyShare: { keyQuota: 10_000, workspaces: 1 },
      }),
    ).toBe("0 of 10,000 quota units used today · using Brandscope's key");
  });
});
