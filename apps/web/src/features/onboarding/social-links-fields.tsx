import { Button } from "@brandscope/ui/button";
import { firstErrorMessage } from "@brandscope/ui/field";
import { useStore } from "@tanstack/react-form";
import {
  brandPlatforms,
  emptyBrandValues,
  emptySocialLink,
  isBrandPlatform,
  MAX_SOCIAL_LINKS,
  nextFreePlatform,
  platformHosts,
  platformLabels,
} from "./brand-schema";
import { withOnboardingForm } from "./form";

const platformOptions = brandPlatforms.map((platform) => ({
  value: platform,
  label: platformLabels[platform],
}));

/**
 * The social links of a brand form: one row per link (platform and link), at most one per platform. The rows'
 * errors show under their controls; the list's own ('At least one social link is required') under the list,
 * once the user has changed the list or tried to submit.
 */
export const SocialLinksFields = withOnboardingForm({
  defaultValues: emptyBrandValues(),
  props: {} as { optional?: boolean },
  render: function SocialLinksFields({ form, optional }) {
    const submitted = useStore(form.store, (state) => state.submissionAttempts > 0);
    // From the form's store: the array field below re-renders only when rows come or go, not when a row's
    // platform changes, so its own value can be stale here.
    const freePlatform = useStore(form.store, (state) => nextFreePlatform(state.values.socialLinks));
    return (
      <form.AppField name="socialLinks" mode="array">
        {(links) => {
          const rows = links.state.value;
          const listError = firstErrorMessage(links.state.meta.errors);
          return (
            <fieldset className="flex flex-col gap-3">
              <legend className="text-foreground mb-1 text-sm font-medium">
                Social links{optional ? " (optional)" : ""}
              </legend>
              <p className="text-muted-foreground -mt-1 text-sm">
                {optional
                  ? "Its Facebook, TikTok or Instagram pages, one per platform."
                  : "Add at least one of your Facebook, TikTok or Instagram pages, one per platform."}
              </p>
              {rows.map((row, index) => {
                const platform = isBrandPlatform(row.socialPlatform) ? row.socialPlatform : undefined;
                return (
                  <fieldset
                    // The rows have no identity but their place; TanStack Form keeps each place's state.
                    // biome-ignore lint/suspicious/noArrayIndexKey: see above
                    key={index}
                    className="grid grid-cols-[9.5rem_minmax(0,1fr)_auto] items-start gap-3"
                  >
                    <legend className="sr-only">Social link {index + 1}</legend>
                    <form.AppField name={`socialLinks[${index}].socialPlatform`}>
                      {(field) => (
                        <field.SelectInput label="Platform" options={platformOptions} placeholder="Select…" />
                      )}
                    </form.AppField>
                    <form.AppField name={`socialLinks[${index}].socialLink`}>
                      {(field) => (
                        <field.TextInput
                          label="Link"
                          inputMode="url"
                          autoComplete="off"
                          spellCheck={false}
                          placeholder={
                            platform ? `https://www.${platformHosts[platform]}/yourbrand` : "https://…"
                          }
                        />
                      )}
                    </form.AppField>
                    <Button
                      emphasis="ghost"
                      className="mt-6"
                      aria-label={`Remove social link ${index + 1}`}
                      onClick={() => void links.removeValue(index)}
                    >
                      Remove
                    </Button>
                  </fieldset>
                );
              })}
              {listError && (submitted || links.state.meta.isDirty) ? (
                <p role="alert" className="text-destructive text-sm">
                  {listError}
                </p>
              ) : null}
              <Button
                emphasis="secondary"
                className="self-start"
                // Every platform has its row: another could only repeat one.
                disabled={rows.length >= MAX_SOCIAL_LINKS || freePlatform === ""}
                onClick={() => links.pushValue(emptySocialLink(freePlatform))}
              >
                Add a social link
              </Button>
            </fieldset>
          );
        }}
      </form.AppField>
    );
  },
});
