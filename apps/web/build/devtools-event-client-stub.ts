/**
 * Stands in for `@tanstack/devtools-event-client` (a dependency of @tanstack/form-core), which exists to feed the
 * TanStack devtools: without them open it only queues events and dispatches window events, in production too. The
 * app ships no devtools, so this no-op keeps 1.3 KB gzip off every screen with a form; the sign-in route has a
 * 150 KB budget (e2e/bundle.e2e.test.ts). Same surface as its 0.4 class, of which form-core calls `on` and `emit`.
 */
type Unsubscribe = () => void;
const noop: Unsubscribe = () => {};

export class EventClient<_EventMap = unknown> {
  readonly #pluginId: string;
  constructor({
    pluginId,
  }: { pluginId: string; debug?: boolean; enabled?: boolean; reconnectEveryMs?: number }) {
    this.#pluginId = pluginId;
  }
  getPluginId(): string {
    return this.#pluginId;
  }
  emit(_eventSuffix: string, _payload?: unknown): void {}
  on(_eventSuffix: string, _callback: (event: never) => void, _options?: unknown): Unsubscribe {
    return noop;
  }
  onAll(_callback: (event: never) => void): Unsubscribe {
    return noop;
  }
  onAllPluginEvents(_callback: (event: never) => void): Unsubscribe {
    return noop;
  }
}
