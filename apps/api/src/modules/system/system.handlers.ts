import type { Handlers } from "../../kernel/handler-types";
import { countries } from "./countries";
import { findIndustries } from "./industries.repo";
import { checkHealth } from "./system.service";

export const systemHandlers = {
  getHealth: ({ ctx }) => checkHealth(ctx),
  listCountries: async () => [...countries],
  listIndustries: ({ ctx }) => findIndustries(ctx.db),
} satisfies Handlers<"getHealth" | "listCountries" | "listIndustries">;
