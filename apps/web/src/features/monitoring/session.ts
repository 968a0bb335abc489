import type { StoredArea } from "~/lib/stored-state";

/** docs/product.md §9: a session ends after 15 minutes without activity, or 4 hours after it began. */
export const SESSION_IDLE_MS = 15 * 60_000;
export const SESSION_MAX_MS = 4 * 60 * 60_000;
/** Activity is written back at most this often: every span marks some, and storage writes are synchronous. */
const WRITE_EVERY_MS = 10_000;

/** Kept in the `config` area (docs/product.md §7) beside the preferences, which features/config keeps intact. */
const AREA = "config" satisfies StoredArea;
const KEY = "monitoringSession";

interface Session {
  id: string;
  startedAt: number;
  activeAt: number;
}

export interface SessionStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

/**
 * The id every span carries as `session.id`, shared by the tabs of one browser: the stored session while it is
 * still alive at `now` (marking it active), else a new one. Storage that fails keeps the session in memory.
 */
export function sessionTracker(storage: SessionStore = localStorage, newId: () => string = randomId) {
  let current: Session | undefined;
  let written = 0;

  return function sessionId(now: number = Date.now()): string {
    const stored = readSession(storage) ?? current;
    const alive =
      stored && now - stored.activeAt < SESSION_IDLE_MS && now - stored.startedAt < SESSION_MAX_MS;
    const isNew = !alive || stored.id !== current?.id;
    current = alive ? { ...stored, activeAt: now } : { id: newId(), startedAt: now, activeAt: now };
    if (isNew || now - written >= WRITE_EVERY_MS) {
      writeSession(storage, current);
      written = now;
    }
    return current.id;
  };
}

function readSession(storage: SessionStore): Session | undefined {
  try {
    const area: unknown = JSON.parse(storage.getItem(AREA) ?? "{}");
    const value =
      typeof area === "object" && area !== null ? (area as Record<string, unknown>)[KEY] : undefined;
    if (typeof value !== "object" || value === null) return undefined;
    const { id, startedAt, activeAt } = value as Record<string, unknown>;
    return typeof id === "string" && typeof startedAt === "number" && typeof activeAt === "number"
      ? { id, startedAt, activeAt }
      : undefined;
  } catch {
    return undefined;
  }
}

function writeSession(storage: SessionStore, session: Session) {
  try {
    const raw = storage.getItem(AREA);
    const area: unknown = raw ? JSON.parse(raw) : {};
    const others = typeof area === "object" && area !== null && !Array.isArray(area) ? area : {};
    storage.setItem(AREA, JSON.stringify({ ...others, [KEY]: session }));
  } catch {
    // Privacy mode or a full quota: this tab keeps its session in memory.
  }
}

function randomId(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, "0")).join(
    "",
  );
}
