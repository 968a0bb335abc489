import type { components } from "@brandscope/api-client";
// zod/mini like the other forms' schemas: the onboarding chunk stays small.
import { z } from "zod/mini";

type Schemas = components["schemas"];
export type OwnBrandInput = Schemas["OwnBrandInput"];
export type AddCompetitorRequest = Schemas["AddCompetitorRequest"];
export type BrandPlatform = Schemas["BrandFormPlatform"];

/** The platforms the brand form takes (docs/product.md §3 "Enumerations"), in the order the select lists them. */
export const brandPlatforms = ["facebook", "tiktok", "instagram"] as const satisfies readonly BrandPlatform[];

export const platformLabels: Record<BrandPlatform, string> = {
  facebook: "Facebook",
  tiktok: "TikTok",
  instagram: "Instagram",
};

/** The domain a platform's links live on; a link matches when its host is that domain or a subdomain of it. */
export const platformHosts: Record<BrandPlatform, string> = {
  facebook: "facebook.com",
  tiktok: "tiktok.com",
  instagram: "instagram.com",
};

/** At most one link per platform, so at most as many links as platforms (the contract's maxItems). */
export const MAX_SOCIAL_LINKS = brandPlatforms.length;

/** docs/product.md §5's brand form messages, word for word. */
export const brandMessages = {
  websiteRequired: "Website URL is required",
  websiteInvalid: "Invalid URL. Please enter a valid one starting with http:// or https://",
  countryRequired: "Country is required",
  brandNameRequired: "Brand name is required",
  socialLinksRequired: "At least one social link is required",
  platformsUnique: "Each platform must be unique",
  platformRequired: "Please select a social platform",
  linkRequired: "Please provide a valid link for the selected platform",
  linkInvalid: "Invalid URL format. Ensure it starts with http:// or https://",
  linkPlatform: "The link must match the selected platform",
} as const;

export function isBrandPlatform(value: string): value is BrandPlatform {
  return (brandPlatforms as readonly string[]).includes(value);
}

/** An absolute http(s) address of a named host (`https://lumora.coffee`), as typed: no spaces, no bare words. */
export function isWebUrl(value: string): boolean {
  if (!/^https?:\/\/[^\s]+$/i.test(value)) return false;
  try {
    const { hostname } = new URL(value);
    return /^[^.]+(\.[^.]+)+$/.test(hostname);
  } catch {
    return false;
  }
}

/** Whether a (valid) link lives on the platform's domain: `https://www.instagram.com/lumora` for instagram. */
export function linkMatchesPlatform(link: string, platform: BrandPlatform): boolean {
  const host = platformHosts[platform];
  try {
    const { hostname } = new URL(link.trim());
    const name = hostname.toLowerCase();
    return name === host || name.endsWith(`.${host}`);
  } catch {
    return false;
  }
}

/** A rule for a filled-in value: an empty one passes, so that an empty field gets only its 'required' message. */
const unlessEmpty = (test: (value: string) => boolean, error: string) =>
  z.refine<string>((value) => value.trim() === "" || test(value.trim()), { error });

const requiredTrimmed = (error: string) =>
  z.string().check(z.refine((value) => value.trim() !== "", { error }));

const websiteUrlSchema = z.string().check(
  z.refine((value) => value.trim() !== "", { error: brandMessages.websiteRequired }),
  unlessEmpty(isWebUrl, brandMessages.websiteInvalid),
);

/** One row of the social links: a platform and a link on that platform's domain. */
export const socialLinkSchema = z
  .object({
    socialPlatform: z.string().check(z.refine(isBrandPlatform, { error: brandMessages.platformRequired })),
    socialLink: z.string().check(
      z.refine((value) => value.trim() !== "", { error: brandMessages.linkRequired }),
      unlessEmpty(isWebUrl, brandMessages.linkInvalid),
    ),
  })
  .check(
    z.superRefine(({ socialPlatform, socialLink }, ctx) => {
      // Judged only once both halves are right on their own: one message per problem.
      if (!isBrandPlatform(socialPlatform) || !isWebUrl(socialLink.trim())) return;
      if (linkMatchesPlatform(socialLink, socialPlatform)) return;
      ctx.issues.push({
        code: "custom",
        message: brandMessages.linkPlatform,
        path: ["socialLink"],
        input: socialLink,
        // Other rows and the list's own rules (unique platforms) are still judged.
        continue: true,
      });
    }),
  );

/** Flags every repeat of a platform (not its first use), on that row's platform select. */
const uniquePlatforms = z.superRefine<{ socialPlatform: string }[]>((links, ctx) => {
  const seen = new Set<string>();
  links.forEach(({ socialPlatform }, index) => {
    if (!isBrandPlatform(socialPlatform)) return;
    if (seen.has(socialPlatform)) {
      ctx.issues.push({
        code: "custom",
        message: brandMessages.platformsUnique,
        path: [index, "socialPlatform"],
        input: socialPlatform,
        continue: true,
      });
    }
    seen.add(socialPlatform);
  });
});

/**
 * docs/product.md §5, brand form: website, country, name and at least one social link, one per platform. The
 * Brand screen's form adds the industry (onboarding asks for it in a step of its own).
 */
export const brandFormSchema = z.object({
  websiteUrl: websiteUrlSchema,
  country: z.string().check(z.minLength(1, { error: brandMessages.countryRequired })),
  brandName: requiredTrimmed(brandMessages.brandNameRequired),
  socialLinks: z
    .array(socialLinkSchema)
    .check(z.minLength(1, { error: brandMessages.socialLinksRequired }), uniquePlatforms),
  industry: z.optional(z.string()),
});
export type BrandFormValues = z.input<typeof brandFormSchema>;
export type SocialLinkValues = BrandFormValues["socialLinks"][number];

/**
 * A competitor: the same rules for what is filled in, but only the website and the name are required
 * (the contract's AddCompetitorRequest); its social links, if any, are still one per platform.
 */
export const competitorFormSchema = z.object({
  websiteUrl: websiteUrlSchema,
  country: z.string(),
  brandName: requiredTrimmed(brandMessages.brandNameRequired),
  socialLinks: z.array(socialLinkSchema).check(uniquePlatforms),
  // Never asked for a competitor: the field keeps the brand form's shape, which SocialLinksFields serves.
  industry: z.optional(z.string()),
});
export type CompetitorFormValues = z.input<typeof competitorFormSchema>;

export const emptySocialLink = (socialPlatform = ""): SocialLinkValues => ({
  socialPlatform,
  socialLink: "",
});

export const emptyBrandValues = (): BrandFormValues => ({
  websiteUrl: "",
  country: "",
  brandName: "",
  socialLinks: [emptySocialLink()],
});

export const emptyCompetitorValues = (): CompetitorFormValues => ({
  websiteUrl: "",
  country: "",
  brandName: "",
  socialLinks: [],
});

/** The first platform no row uses yet, to preselect in a new row ("" once all are taken). */
export function nextFreePlatform(links: readonly SocialLinkValues[]): string {
  return brandPlatforms.find((platform) => !links.some((link) => link.socialPlatform === platform)) ?? "";
}

function toSocialLinkInputs(links: readonly SocialLinkValues[]): OwnBrandInput["socialLinks"] {
  return links.flatMap(({ socialPlatform, socialLink }) =>
    isBrandPlatform(socialPlatform) ? [{ socialPlatform, socialLink: socialLink.trim() }] : [],
  );
}

/** The body of POST /brand for valid form values: everything trimmed. */
export function toOwnBrandInput(values: BrandFormValues): OwnBrandInput {
  return {
    websiteUrl: values.websiteUrl.trim(),
    country: values.country,
    brandName: values.brandName.trim(),
    socialLinks: toSocialLinkInputs(values.socialLinks),
  };
}

/** The body of POST /brand/competitor: the optional parts only when given. */
export function toCompetitorInput(values: CompetitorFormValues): AddCompetitorRequest {
  const socialLinks = toSocialLinkInputs(values.socialLinks);
  return {
    websiteUrl: values.websiteUrl.trim(),
    brandName: values.brandName.trim(),
    ...(values.country ? { country: values.country } : {}),
    ...(socialLinks.length > 0 ? { socialLinks } : {}),
  };
}

/** The form values of a brand already connected, to edit it again (links of other networks left out). */
export function brandFormValues(brand: Schemas["Brand"]): BrandFormValues {
  const socialLinks = brand.socialLinks.flatMap(({ platform, url }) =>
    isBrandPlatform(platform) ? [{ socialPlatform: platform, socialLink: url }] : [],
  );
  return {
    websiteUrl: brand.website,
    country: brand.country ?? "",
    brandName: brand.name,
    socialLinks: socialLinks.length > 0 ? socialLinks : [emptySocialLink()],
    industry: brand.industry ?? "",
  };
}
