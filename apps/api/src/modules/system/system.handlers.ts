import type { Handlers } from "../../kernel/handler-types";
import { countries } from "./countries";
import { findIndustries } from "./industries.repo";
import { checkHealth, telemetryConfig } from "./system.service";

export const systemHandlers = {
  getHealth: ({ ctx }) => checkHealth(ctx),
  listCountries: async () => [...countries],
  listIndustries: ({ ctx }) => findIndustries(ctx.db),
  getTelemetryConfig: async ({ ctx }) => telemetryConfig(ctx.config),
} satisfies Handlers<"getHealth" | "listCountries" | "listIndustries" | "getTelemetryConfig">;
