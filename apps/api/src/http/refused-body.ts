import type { FastifyReply, FastifyRequest } from "fastify";
import { REFUSED_BODY_DRAIN } from "../kernel/limits";

/**
 * Called when a request is answered before its body has fully arrived (a 413 for a body over the limit). Closing
 * the connection then, as Fastify asks with `connection: close`, leaves the rest of the body unread: the kernel
 * answers it with a reset, which can erase the 413 before a client that is still sending has read it (RFC 9112
 * §9.6). So the answer keeps the connection, and the rest of the body is read and dropped, within
 * REFUSED_BODY_DRAIN; past it the connection is cut.
 */
export function drainRefusedBody(request: FastifyRequest, reply: FastifyReply): void {
  const incoming = request.raw;
  const { socket } = incoming;
  if (incoming.complete || !socket || socket.destroyed) return;
  reply.removeHeader("connection");
  let drained = 0;
  // A request injected in tests (light-my-request) stands on a socket without destroy(): ending it is then the cut.
  const cut = () => (typeof socket.destroy === "function" ? socket.destroy() : incoming.destroy());
  const timer = setTimeout(cut, REFUSED_BODY_DRAIN.ms);
  timer.unref();
  incoming.on("data", (chunk: Buffer) => {
    drained += chunk.length;
    if (drained > REFUSED_BODY_DRAIN.bytes) cut();
  });
  incoming.once("close", () => clearTimeout(timer));
}
