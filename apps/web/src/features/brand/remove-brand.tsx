import type { Brand } from "@brandscope/api-client";
import { Button } from "@brandscope/ui/button";
import { Modal } from "@brandscope/ui/modal";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { ConfirmContent, destructiveAction } from "~/lib/confirm-content";
import { FormProblem } from "~/lib/problem";
import { SectionCard } from "../modules/module-page";
import { meOptions } from "../user/queries";
import { useDeleteBrandMutation } from "./mutations";
import { brandListOptions } from "./queries";
import { useSwitchBrand } from "./use-switch-brand";

/**
 * Remove a brand (issue 18): for the owner and admins of a workspace with several brands. A confirmation names
 * what goes with it; the app then shows another of the workspace's brands. The last brand is never removed here.
 */
export function RemoveBrandSection({ brand }: { brand: Brand }) {
  const { data: list } = useQuery(brandListOptions());
  const { data: me } = useQuery(meOptions());
  const [open, setOpen] = useState(false);
  const remove = useDeleteBrandMutation();
  const switchBrand = useSwitchBrand();
  const others = list?.brands.filter((b) => b.id !== brand.id) ?? [];
  const next = others[0];
  if (!next || me?.workspace.role === "member") return null;
  return (
    <SectionCard title="Remove this brand" description="Your other brands and their data stay as they are.">
      <Modal
        open={open}
        onOpenChange={(value) => {
          if (remove.isPending) return;
          setOpen(value);
          if (!value) remove.reset();
        }}
      >
        <div>
          <Button className={destructiveAction} onClick={() => setOpen(true)}>
            Remove {brand.name}
          </Button>
        </div>
        <ConfirmContent
          title={`Remove ${brand.name}?`}
          description={`${brand.name} is removed with its competitors, imports, connected sources and figures, and its data is no longer collected. This cannot be undone. You will see ${next.name} next.`}
          problem={remove.error ? <FormProblem error={remove.error} /> : null}
          pending={remove.isPending}
          action={
            <Button
              className={destructiveAction}
              loading={remove.isPending}
              onClick={() =>
                remove.mutate(brand.id, {
                  onSuccess: () => {
                    setOpen(false);
                    switchBrand(next.id);
                  },
                })
              }
            >
              Remove brand
            </Button>
          }
        />
      </Modal>
    </SectionCard>
  );
}
