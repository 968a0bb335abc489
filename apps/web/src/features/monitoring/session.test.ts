import { describe, expect, it } from "vitest";
import { SESSION_IDLE_MS, SESSION_MAX_MS, sessionTracker } from "./session";

function memoryStorage(initial: Record<string, string> = {}) {
  const items = new Map(Object.entries(initial));
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
  };
}

const ids = () => {
  let n = 0;
  return () => `session-${++n}`;
};

describe("the monitoring session", () => {
  it("stays the same while there is activity, and is kept in the config area beside the preferences", () => {
    const storage = memoryStorage({ config: JSON.stringify({ colorMode: "dark" }) });
    const sessionId = sessionTracker(storage, ids());
    const start = Date.UTC(2026, 10, 26, 9);
    expect(sessionId(start)).toBe("session-1");
    expect(sessionId(start + 10 * 60_000)).toBe("session-1");
    expect(sessionId(start + 20 * 60_000)).toBe("session-1");
    const stored = JSON.parse(storage.items.get("config") ?? "{}");
    expect(stored.colorMode).toBe("dark");
    expect(stored.monitoringSession).toMatchObject({ id: "session-1", startedAt: start });
  });

  it("ends after 15 minutes without activity", () => {
    const sessionId = sessionTracker(memoryStorage(), ids());
    const start = 1_000_000;
    expect(sessionId(start)).toBe("session-1");
    expect(sessionId(start + SESSION_IDLE_MS - 1)).toBe("session-1");
    expect(sessionId(start + 2 * SESSION_IDLE_MS)).toBe("session-2");
  });

  it("ends 4 hours after it began, however active", () => {
    const sessionId = sessionTracker(memoryStorage(), ids());
    const start = 1_000_000;
    let now = start;
    expect(sessionId(now)).toBe("session-1");
    while (now < start + SESSION_MAX_MS - 5 * 60_000) {
      now += 5 * 60_000;
      expect(sessionId(now)).toBe("session-1");
    }
    expect(sessionId(start + SESSION_MAX_MS)).toBe("session-2");
  });

  it("is shared by the tabs of one browser, and survives storage that refuses writes", () => {
    const storage = memoryStorage();
    const first = sessionTracker(storage, ids());
    const second = sessionTracker(storage, () => "other-tab");
    expect(first(5_000)).toBe("session-1");
    expect(second(6_000)).toBe("session-1");

    const broken = {
      getItem: () => null,
      setItem: () => {
        throw new Error("QuotaExceededError");
      },
    };
    const sessionId = sessionTracker(broken, ids());
    expect(sessionId(1_000)).toBe("session-1");
    expect(sessionId(2_000)).toBe("session-1");
  });
});
