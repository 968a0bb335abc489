import { useNavigate } from "@tanstack/react-router";
import { SectionCard } from "../modules/module-page";
import { BrandForm } from "../onboarding/brand-form";
import { useSwitchBrand } from "./use-switch-brand";

/**
 * Add a brand (issue 18): the onboarding brand form, adding a brand beside the workspace's others; the app then
 * shows the new brand. Past the plan's brand limit the server's refusal, which names the limit, shows in the form.
 */
export function AddBrandScreen() {
  const switchBrand = useSwitchBrand();
  const navigate = useNavigate();
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6">
      <header className="flex flex-col gap-1.5">
        <h1 className="text-foreground text-2xl font-semibold tracking-tight">Add a brand</h1>
        <p className="text-muted-foreground text-sm">
          Each brand has its own competitors, data sources, imports and figures. Your other brands stay as
          they are.
        </p>
      </header>
      <SectionCard title="Brand" description="Its website is read as soon as it is added.">
        <BrandForm
          brand={null}
          adding
          submitLabel="Add brand"
          onSaved={(brand) => switchBrand(brand.id, "/dashboard")}
          onBack={() => void navigate({ to: "/brand", search: (prev) => prev })}
        />
      </SectionCard>
    </div>
  );
}
