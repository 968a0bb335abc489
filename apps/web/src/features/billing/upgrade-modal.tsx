import { Modal, ModalContent } from "@brandscope/ui/modal";
import { useQueryClient } from "@tanstack/react-query";
import * as React from "react";
import { subscriptionKeys } from "../subscriptions/queries";
import { userKeys } from "../user/queries";
import { CheckoutSection } from "./checkout-section";
import { PricingSection } from "./pricing-section";
import { SalesSection } from "./sales-section";

/** The upgrade modal's sections (docs/product.md §3 "Enumerations": upgrade modal sections). */
export type UpgradeSection = "pricing" | "checkout" | "contact_sales";

export type UpgradeModalProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  initialSection?: UpgradeSection;
};

/**
 * The upgrade modal (docs/product.md §2): pricing (default), checkout and contact sales. Pricing and checkout are
 * wide, contact sales medium. A click on the overlay leaves it open. Closing it refreshes the user's details.
 */
export default function UpgradeModal({ open, onOpenChange, initialSection = "pricing" }: UpgradeModalProps) {
  const queryClient = useQueryClient();
  const [section, setSection] = React.useState<UpgradeSection>(initialSection);
  const close = React.useCallback(() => {
    onOpenChange(false);
    // The success callback of docs/product.md §2: whatever happened inside, the user's details and plan are read
    // again.
    void queryClient.invalidateQueries({ queryKey: userKeys.me() });
    void queryClient.invalidateQueries({ queryKey: subscriptionKeys.all });
  }, [onOpenChange, queryClient]);

  return (
    <Modal
      open={open}
      onOpenChange={(next) => {
        if (!next) close();
        else onOpenChange(true);
      }}
    >
      <ModalContent
        data-section={section}
        size={section === "contact_sales" ? "medium" : "wide"}
        closeOnOverlayClick={false}
      >
        {section === "pricing" ? (
          <PricingSection
            onCheckout={() => setSection("checkout")}
            onContactSales={() => setSection("contact_sales")}
            onClose={close}
          />
        ) : section === "checkout" ? (
          <CheckoutSection onBack={() => setSection("pricing")} onClose={close} />
        ) : (
          <SalesSection onCancel={close} onClose={close} />
        )}
      </ModalContent>
    </Modal>
  );
}
