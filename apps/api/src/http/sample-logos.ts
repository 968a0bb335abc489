import type { FastifyInstance } from "fastify";
import { fnv1a32 } from "../lib/seeded";

/** Calm tones that read on light and dark cards alike (the chart palette's hues). */
const TONES = ["#4f46e5", "#0f766e", "#b45309", "#be123c", "#0369a1", "#7c3aed", "#15803d", "#a16207"];

/** "lumora-coffee" → "LC". */
export function initialsOf(slug: string): string {
  return slug
    .split("-")
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word.charAt(0).toUpperCase())
    .join("");
}

export function sampleLogoSvg(slug: string): string {
  const tone = TONES[fnv1a32(slug) % TONES.length];
  return `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="${tone}"/><text x="32" y="41" text-anchor="middle" font-family="Inter,system-ui,sans-serif" font-size="24" font-weight="600" fill="#fff">${initialsOf(slug)}</text></svg>`;
}

/**
 * The sample brands' logos (`/sample/logos/<slug>.svg`, as the sample data names them): monograms drawn here,
 * so the sample ships no image files and no brand's real logo.
 */
export function registerSampleLogos(app: FastifyInstance): void {
  app.get<{ Params: { file: string } }>("/sample/logos/:file", async (request, reply) => {
    const match = /^([a-z0-9]+(?:-[a-z0-9]+)*)\.svg$/.exec(request.params.file);
    if (!match?.[1]) return reply.code(404).send({ message: "No such logo", code: "NOT_FOUND" });
    return reply
      .type("image/svg+xml")
      .header("cache-control", "public, max-age=86400")
      .header("content-security-policy", "default-src 'none'; style-src 'unsafe-inline'")
      .send(sampleLogoSvg(match[1]));
  });
}
