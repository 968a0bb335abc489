import type { Handlers } from "../../kernel/handler-types";
import { getBranding, removeBrandingLogo, updateBranding, uploadBrandingLogo } from "./branding.service";

export const brandingHandlers = {
  getBranding: ({ ctx }) => getBranding(ctx),
  updateBranding: ({ ctx, body }) => updateBranding(ctx, body),
  uploadBrandingLogo: ({ ctx, request }) => uploadBrandingLogo(ctx, request),
  removeBrandingLogo: ({ ctx }) => removeBrandingLogo(ctx),
} satisfies Handlers<"getBranding" | "updateBranding" | "uploadBrandingLogo" | "removeBrandingLogo">;
