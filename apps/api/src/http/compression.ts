import { constants } from "node:zlib";
import fastifyCompress from "@fastify/compress";
import type { FastifyInstance } from "fastify";

/** Smaller answers gain less than the compressor's frame and time cost them. */
export const COMPRESS_ABOVE_BYTES = 1024;
/**
 * Brotli's default (11) takes tens of milliseconds on a module's JSON; 4 compresses it about as well as gzip's best
 * in a fraction of the time, which is what an answer made per request can afford. The static files are compressed
 * once at build time at the highest level (apps/web/build/precompress.ts).
 */
const ANSWER_BROTLI_QUALITY = 4;

/**
 * Compresses the API's answers above 1 KB (brotli, else gzip, by the request's Accept-Encoding). Operations marked
 * `x-secret-answer` in the contract (sign-in, tokens) opt out in routes.ts: a compressed secret beside text an
 * attacker controls leaks through the answer's length (BREACH). Request bodies are never decompressed: a small
 * compressed upload could inflate past every body limit.
 */
export async function registerAnswerCompression(api: FastifyInstance): Promise<void> {
  await api.register(fastifyCompress, {
    globalDecompression: false,
    threshold: COMPRESS_ABOVE_BYTES,
    encodings: ["br", "gzip"],
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: ANSWER_BROTLI_QUALITY } },
  });
}
