import { errorMessage } from "@brandscope/api-client";
import { ErrorState } from "@brandscope/ui/error-state";
import { Skeleton } from "@brandscope/ui/skeleton";
import { useQuery } from "@tanstack/react-query";
import { createFileRoute } from "@tanstack/react-router";
import type * as React from "react";
import { useEffect } from "react";
import { AlertDeliverySection } from "~/features/alerts/alert-delivery-section";
import { PaymentMethodsSection } from "~/features/billing/payment-methods-section";
import { PlanSection } from "~/features/billing/plan-section";
import { BrandingSection } from "~/features/branding/branding-section";
import { DigestSection } from "~/features/digest/digest-section";
import { SharedReportsSection } from "~/features/shared-reports/shared-reports-section";
import { SsoSection } from "~/features/sso/sso-section";
import { TeamSection } from "~/features/team/team-section";
import { AccountClosure } from "~/features/user/account-closure";
import { ChangePasswordForm } from "~/features/user/change-password-form";
import { ProfileForm } from "~/features/user/profile-form";
import { ProfilePicture } from "~/features/user/profile-picture";
import { meOptions } from "~/features/user/queries";
import { notify } from "~/lib/notify";

// No loader: the session check has put the user in the cache already, and sign-in primed countries and
// industries (docs/product.md §4). A loader's imports would also sit in the main chunk, which the sign-in route's
// 150 KB budget pays for.
export const Route = createFileRoute("/_app/_main/user/profile")({ component: ProfileScreen });

function Section({
  title,
  description,
  children,
}: {
  title: string;
  description: string;
  children: React.ReactNode;
}) {
  const id = `section-${title.toLowerCase().replaceAll(" ", "-")}`;
  return (
    <section aria-labelledby={id} className="bg-card grid grid-cols-[16rem_1fr] gap-10 rounded-lg border p-8">
      <div className="flex flex-col gap-1.5">
        <h2 id={id} className="text-foreground text-base font-semibold">
          {title}
        </h2>
        <p className="text-muted-foreground text-sm leading-relaxed">{description}</p>
      </div>
      <div className="min-w-0">{children}</div>
    </section>
  );
}

function ProfileScreen() {
  const me = useQuery(meOptions());

  // docs/product.md §8: a failure to load user details is a closable warning toast with the error text.
  useEffect(() => {
    if (me.isError && !me.data) {
      notify.warning(errorMessage(me.error), {
        id: "user-details-failed",
        title: "We could not load your details",
        duration: Number.POSITIVE_INFINITY,
      });
    }
  }, [me.isError, me.data, me.error]);

  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-8">
      <div className="flex flex-col gap-1">
        <h1 className="text-foreground text-2xl font-semibold tracking-tight">Profile</h1>
        <p className="text-muted-foreground text-sm">
          Your details, your plan, your password and your account.
        </p>
      </div>
      {me.data ? (
        <>
          <Section
            title="Your details"
            description="How you appear in Brandscope, and where your modules start."
          >
            <div className="flex flex-col gap-8">
              <ProfilePicture user={me.data} />
              <ProfileForm user={me.data} />
            </div>
          </Section>
          <Section
            title="Weekly digest"
            description="An e-mail each week on the day and at the hour you choose, with what changed for this brand."
          >
            <DigestSection />
          </Section>
          <Section
            title="Alerts"
            description="What Brandscope alerts on, and the rules you mute; alerts by e-mail, at once or hourly; and, set by admins, in your team's Slack or Microsoft Teams."
          >
            <AlertDeliverySection workspaceRole={me.data.workspace.role} />
          </Section>
          <Section
            title="Plan"
            description="Your workspace's subscription. Upgrade for more competitors and a team."
          >
            <PlanSection />
          </Section>
          <Section
            title="Payment methods"
            description="The cards your workspace pays with. The default one is charged."
          >
            <PaymentMethodsSection />
          </Section>
          <TeamSection />
          <Section
            title="Branding"
            description="Your workspace's logo and colour, in the app for everyone in it, in printouts and in invitations."
          >
            <BrandingSection workspaceName={me.data.workspace.name} role={me.data.workspace.role} />
          </Section>
          <Section
            title="Shared reports"
            description="Read-only links to a module's report for people without an account. Revoke one to close it at once."
          >
            <SharedReportsSection />
          </Section>
          {me.data.workspace.role === "owner" ? (
            <Section
              title="Single sign-on"
              description="Your team signs in through your company's identity provider. Only you, the owner, set it up."
            >
              <SsoSection />
            </Section>
          ) : null}
          <Section title="Password" description="Changing it signs you out on your other devices.">
            <ChangePasswordForm />
          </Section>
          <Section title="Account" description="Stop using Brandscope for a while, or for good.">
            <AccountClosure email={me.data.email} />
          </Section>
        </>
      ) : me.isError ? (
        <ErrorState
          title="We could not load your details"
          message={errorMessage(me.error)}
          onRetry={() => void me.refetch()}
          retrying={me.isFetching}
        />
      ) : (
        <div className="flex flex-col gap-4" role="status" aria-label="Loading your profile">
          <Skeleton className="h-64 w-full" />
          <Skeleton className="h-48 w-full" />
        </div>
      )}
    </div>
  );
}
