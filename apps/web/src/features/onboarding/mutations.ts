import { type Brand, type components, type User, unwrap } from "@brandscope/api-client";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "~/lib/api";
import { auth } from "~/lib/auth";
import { refetchBrandData } from "../modules/refetch-brand-data";
import { userKeys } from "../user/queries";
import type { AddCompetitorRequest } from "./brand-schema";
import { brandKeys } from "./queries";

type Schemas = components["schemas"];

/**
 * POST /brand: the user's own brand, or the sample brand with its competitors (`{sample: true}`). Onboarding
 * connects the brand it is about (`replace`): one chosen again replaces it with its competitors
 * (docs/product.md §4), so everything brand-shaped is fetched again. "Add a brand" (`replace: false`) adds one
 * within the plan's limit.
 */
export function useCreateBrandMutation({ replace = true }: { replace?: boolean } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Schemas["CreateBrandRequest"]) =>
      unwrap(api.POST("/brand", { body, params: { query: { replace } } })),
    onSuccess: (brand) => {
      // An added brand is not the one shown until the app switches to it (whose cache it then fills).
      if (replace) queryClient.setQueryData(brandKeys.current(), brand);
      void refetchBrandData(queryClient);
    },
  });
}

/**
 * POST /brand/competitor; adding (or failing to add) reloads the competitor list (docs/product.md §4) and the
 * figures that compare with it.
 */
export function useAddCompetitorMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AddCompetitorRequest) => unwrap(api.POST("/brand/competitor", { body })),
    onSettled: () => refetchBrandData(queryClient),
  });
}

/** DELETE /brand/competitor/{id}; removing reloads the competitor list and the figures, as adding does. */
export function useRemoveCompetitorMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => unwrap(api.DELETE("/brand/competitor/{id}", { params: { path: { id } } })),
    onSettled: () => refetchBrandData(queryClient),
  });
}

/**
 * PATCH /user with what a single-field step asked. The cache and the session both hold the user: both take the
 * answer. When the answer ends the welcome (isFirstTime false), the session's is_first_time follows
 * (docs/product.md §4).
 */
export function useSaveAboutMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: Schemas["UpdateUserRequest"]) => {
      const user = await unwrap(api.PATCH("/user", { body }));
      // The industry is the brand's too: an own brand connected before this step takes it (the onboarding screen
      // holds the brand in the cache).
      const brand = queryClient.getQueryData<Brand | null>(brandKeys.current());
      if (body.industry && brand && !brand.sample && brand.industry !== body.industry) {
        const corrected = await unwrap(api.PATCH("/brand", { body: { industry: body.industry } }));
        queryClient.setQueryData(brandKeys.current(), corrected);
        void refetchBrandData(queryClient);
      }
      return user;
    },
    onSuccess: (user: User, body) => {
      queryClient.setQueryData(userKeys.me(), user);
      const session = auth.get();
      auth.set({
        user: { ...session.user, ...user },
        ...(body.isFirstTime === false ? { is_first_time: false } : {}),
      });
    },
  });
}
