import helmet from "@fastify/helmet";
import type { FastifyInstance } from "fastify";

/**
 * decisions.md keeps the session in local storage, so script injection is the risk to contain: scripts
 * come from this origin only, never inline. Inline *styles* stay allowed: Radix's scroll lock injects a
 * <style> element, and a style cannot run code. With Stripe configured, its card fields come from Stripe
 * (decisions.md: no third-party script but Stripe's): Stripe.js, its frames and its API, as Stripe's CSP guide lists.
 */
const stripeOrigins = {
  script: ["https://js.stripe.com", "https://*.js.stripe.com"],
  frame: ["https://js.stripe.com", "https://*.js.stripe.com", "https://hooks.stripe.com"],
  connect: ["https://api.stripe.com"],
};

export async function registerSecurityHeaders(
  app: FastifyInstance,
  o: { imageOrigins: string[]; stripe: boolean } = { imageOrigins: [], stripe: false },
): Promise<void> {
  const stripe = o.stripe ? stripeOrigins : { script: [], frame: [], connect: [] };
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...stripe.script],
        styleSrc: ["'self'", "'unsafe-inline'"],
        // Profile pictures may come from a CDN or bucket (CDN_BASE_URL, STORAGE_*).
        imgSrc: ["'self'", "data:", "blob:", ...o.imageOrigins],
        fontSrc: ["'self'", "data:"],
        connectSrc: ["'self'", ...stripe.connect],
        frameSrc: stripe.frame.length > 0 ? stripe.frame : ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
  });
}
