import { unwrap } from "@brandscope/api-client";
import { queryOptions } from "@tanstack/react-query";
import { api } from "~/lib/api";
import { brandKeys } from "../modules/queries";

/** The brand itself (GET /brand → Brand | null) is the modules' query; onboarding writes it. */
export { brandKeys, brandOptions } from "../modules/queries";

export const brandCompetitorKeys = {
  all: [...brandKeys.all, "competitors"] as const,
};

/** GET /brand/competitor: the brand's competitors and how many the plan allows. */
export const brandCompetitorsOptions = () =>
  queryOptions({
    queryKey: brandCompetitorKeys.all,
    queryFn: ({ signal }) => unwrap(api.GET("/brand/competitor", { signal })),
  });
