import type { Handlers } from "../../kernel/handler-types";
import { connectYoutube, disconnectYoutube, getYoutubeConnector, refreshYoutube } from "./youtube.service";

export const connectorHandlers = {
  getYoutubeConnector: ({ ctx }) => getYoutubeConnector(ctx),
  connectYoutube: ({ ctx, body }) => connectYoutube(ctx, body),
  refreshYoutube: ({ ctx }) => refreshYoutube(ctx),
  disconnectYoutube: ({ ctx }) => disconnectYoutube(ctx),
} satisfies Handlers<"getYoutubeConnector" | "connectYoutube" | "refreshYoutube" | "disconnectYoutube">;
