import helmet from "@fastify/helmet";
import type { FastifyInstance } from "fastify";

/**
 * decisions.md keeps the session in local storage, so script injection is the risk to contain: scripts
 * come from this origin only, never inline. Inline *styles* stay allowed: Radix's scroll lock injects a
 * <style> element, and a style cannot run code.
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  o: { imageOrigins: string[] } = { imageOrigins: [] },
): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        // Profile pictures may come from a CDN or bucket (CDN_BASE_URL, STORAGE_*).
        imgSrc: ["'self'", "data:", "blob:", ...o.imageOrigins],
        fontSrc: ["'self'", "data:"],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
  });
}
