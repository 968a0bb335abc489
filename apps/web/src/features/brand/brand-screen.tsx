import type { Brand } from "@brandscope/api-client";
import { EmptyState } from "@brandscope/ui/empty-state";
import { ButtonLink } from "~/lib/link";
import { sentence } from "../modules/format";
import { SectionCard } from "../modules/module-page";
import { WithBrand } from "../modules/with-brand";
import { CompetitorsEditor } from "../onboarding/competitors-editor";
import { AdminLink, AdminOnly } from "../team/admin-only";
import { BrandDetailsForm } from "./brand-details-form";
import { RemoveBrandSection } from "./remove-brand";

/**
 * Brand (issue 16): after onboarding, the own brand's details are corrected here and its competitors added or
 * removed within the plan's limit; a workspace exploring the sample brand connects its own from here.
 */
export function BrandScreen() {
  return (
    <div className="mx-auto flex w-full max-w-4xl flex-col gap-6">
      <header className="flex flex-col gap-1.5">
        <h1 className="text-foreground text-2xl font-semibold tracking-tight">Brand</h1>
        <p className="text-muted-foreground text-sm">
          The brand every module analyses, and the competitors it is compared with.
        </p>
      </header>
      <WithBrand noBrand="Connect your brand, or explore the sample brand first.">
        {(brand) =>
          brand.sample ? (
            <>
              <SampleBrand brand={brand} />
              <RemoveBrandSection brand={brand} />
            </>
          ) : (
            <AdminOnly action="change the brand and its competitors">
              <SectionCard title="Details" description={<CollectionNote brand={brand} />}>
                <BrandDetailsForm key={brand.id} brand={brand} />
              </SectionCard>
              <SectionCard
                title="Competitors"
                description="Each competitor's website is read like your brand's; its figures appear in the Competitors module."
              >
                <CompetitorsEditor />
              </SectionCard>
              <RemoveBrandSection brand={brand} />
            </AdminOnly>
          )
        }
      </WithBrand>
    </div>
  );
}

function SampleBrand({ brand }: { brand: Brand }) {
  return (
    <EmptyState
      title={`You are exploring the sample brand, ${brand.name}`}
      description="Its figures and competitors come with Brandscope and cannot be changed. Connect your own brand to analyse your website, your exports and your competitors; the sample goes away once it is connected."
      action={
        <AdminLink action="connect the workspace's own brand">
          <ButtonLink to="/questionnaire/$" params={{ _splat: "connect_own" }}>
            Connect your own brand
          </ButtonLink>
        </AdminLink>
      }
    />
  );
}

const collection: Record<Brand["status"], string> = {
  pending: "Your website is queued to be read.",
  "in-progress": "Your website is being read now.",
  active: "Your website has been read.",
  error: "Your website could not be read.",
};

function CollectionNote({ brand }: { brand: Brand }) {
  return (
    <span aria-live="polite">
      {collection[brand.status]}
      {brand.status === "error" && brand.statusReason ? ` ${sentence(brand.statusReason)}` : ""}
    </span>
  );
}
