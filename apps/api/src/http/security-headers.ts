import type { IncomingMessage, ServerResponse } from "node:http";
import helmet from "helmet";

/**
 * docs/decisions.md "Accounts and tokens" keeps the session in local storage, so script injection is the risk to
 * contain: scripts come from this origin only, never inline. Inline *styles* stay allowed: Radix's scroll lock
 * injects a <style> element, and a style cannot run code. With Stripe configured, its card fields come from Stripe
 * (no third-party script but Stripe's): Stripe.js, its frames and its API, as Stripe's CSP guide lists.
 */
const stripeOrigins = {
  script: ["https://js.stripe.com", "https://*.js.stripe.com"],
  frame: ["https://js.stripe.com", "https://*.js.stripe.com", "https://hooks.stripe.com"],
  connect: ["https://api.stripe.com"],
};

/**
 * Helmet's headers for our policy, worked out once. The policy depends on configuration only, never on the
 * request, and helmet's Fastify plugin rebuilt the middleware (parsing every directive) on each request: a few
 * per cent of a hot read's time. Helmet stays the source of its defaults; this records what it sets.
 */
export function securityHeaders(
  o: { imageOrigins: string[]; stripe: boolean; telemetryOrigin?: string } = {
    imageOrigins: [],
    stripe: false,
  },
): Record<string, string> {
  const stripe = o.stripe ? stripeOrigins : { script: [], frame: [], connect: [] };
  const middleware = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...stripe.script],
        styleSrc: ["'self'", "'unsafe-inline'"],
        // Profile pictures may come from a CDN or bucket (CDN_BASE_URL, STORAGE_*).
        imgSrc: ["'self'", "data:", "blob:", ...o.imageOrigins],
        fontSrc: ["'self'", "data:"],
        // Browsers post their traces to the collector (OTEL_EXPORTER_OTLP_ENDPOINT), when one is configured.
        connectSrc: ["'self'", ...stripe.connect, ...(o.telemetryOrigin ? [o.telemetryOrigin] : [])],
        frameSrc: stripe.frame.length > 0 ? stripe.frame : ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
  });
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string) {
      headers[name.toLowerCase()] = value;
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  // Safe: helmet's middlewares only call setHeader and removeHeader, and read the request only for directives
  // given as functions, which this policy has none of.
  middleware({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}
