import { type components, errorMessage, unwrap } from "@brandscope/api-client";
import { AlertRuleSettings, type AlertRuleSettingsItem } from "@brandscope/ui/alert-rule-settings";
import { EmptyState } from "@brandscope/ui/empty-state";
import { ErrorState } from "@brandscope/ui/error-state";
import { Skeleton } from "@brandscope/ui/skeleton";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "~/lib/api";
import { notify } from "~/lib/notify";
import { alertDeliveryKeys, alertSettingsOptions, alertsOptions } from "./queries";

type Schemas = components["schemas"];
type Rule = Schemas["AlertRule"];
type Settings = Schemas["AlertSettings"];

/** Each rule in words (docs/alerts.md "Rules"), in the order the list shows them. */
const RULES: Record<Rule, { name: string; description: string }> = {
  engagement: {
    name: "Engagement spike or drop",
    description: "The week's engagement per post is beyond the brand's usual range of the 12 weeks before.",
  },
  competitor_breakout: {
    name: "Competitor breakout post",
    description: "A competitor you follow posted far above its usual engagement in the last 7 days.",
  },
  followers: {
    name: "Follower jump or fall",
    description: "A network's followers changed by a large share over 7 days (100 followers at least).",
  },
  search_clicks: {
    name: "Search clicks rising",
    description: "A query's clicks per day in Search Console rose sharply against the period before.",
  },
  source_failing: {
    name: "Data source failing",
    description: "A data source of the brand has been failing for hours since it last worked.",
  },
  plan_limit: {
    name: "Plan limit near",
    description: "The workspace's imports come close to the rows its plan allows.",
  },
};

const ORDER = Object.keys(RULES) as Rule[];

const ADMIN_NOTICE =
  "On or off and the sensitivity apply to everyone in the workspace: high also alerts on smaller changes, low only on the largest. Muting a rule is yours alone.";
const MEMBER_NOTICE =
  "Your workspace's admins choose which rules are on and how sensitive they are. Mute a rule to stop its alerts reaching you, in the app and by e-mail.";

function itemsOf(settings: Settings): AlertRuleSettingsItem[] {
  return [...settings.rules]
    .sort((a, b) => ORDER.indexOf(a.rule) - ORDER.indexOf(b.rule))
    .map((r) => ({
      id: r.rule,
      name: RULES[r.rule].name,
      description: RULES[r.rule].description,
      enabled: r.enabled,
      sensitivity: r.sensitivity,
      muted: settings.mutedRules.includes(r.rule),
    }));
}

/**
 * The alert rules (docs/alerts.md "Rules", "Members"): admins and the owner turn each on or off and set its
 * sensitivity for the workspace (updateAlertRules); every member mutes rules for themselves (updateAlertPreferences)
 * and sees the rest read-only. A change shows at once and is taken back, with a warning, if the server refuses it.
 */
export function AlertRulesSection() {
  const queryClient = useQueryClient();
  const settings = useQuery(alertSettingsOptions());

  /** Shows the change before the server answers; gives back what to restore if it fails. */
  const optimistic = async (change: (s: Settings) => Settings) => {
    await queryClient.cancelQueries({ queryKey: alertDeliveryKeys.settings });
    const before = queryClient.getQueryData<Settings>(alertDeliveryKeys.settings);
    if (before) queryClient.setQueryData(alertDeliveryKeys.settings, change(before));
    return { before };
  };
  const restore = (context: { before: Settings | undefined } | undefined) => {
    if (context?.before) queryClient.setQueryData(alertDeliveryKeys.settings, context.before);
  };

  const saveRule = useMutation({
    mutationFn: (setting: Schemas["AlertRuleSetting"]) =>
      unwrap(api.PUT("/alerts/settings", { body: { rules: [setting] } })),
    onMutate: (setting) =>
      optimistic((s) => ({ ...s, rules: s.rules.map((r) => (r.rule === setting.rule ? setting : r)) })),
    onSuccess: (stored, setting) => {
      queryClient.setQueryData(alertDeliveryKeys.settings, stored);
      const { name } = RULES[setting.rule];
      notify.success(
        setting.enabled ? `${name} is on for the workspace.` : `${name} is off for the workspace.`,
        { id: "alert-rules-saved" },
      );
    },
    onError: (error, _setting, context) => {
      restore(context);
      notify.warning(errorMessage(error), { id: "alert-rules-saved", title: "The rule was not changed" });
    },
  });

  const saveMutes = useMutation({
    mutationFn: (mutedRules: Rule[]) => unwrap(api.PUT("/alerts/preferences", { body: { mutedRules } })),
    onMutate: (mutedRules) => optimistic((s) => ({ ...s, mutedRules })),
    onSuccess: (stored) => {
      queryClient.setQueryData(alertDeliveryKeys.settings, stored);
      // Muted rules' alerts leave the notifications menu and its unread count.
      void queryClient.invalidateQueries({ queryKey: alertsOptions().queryKey, exact: true });
      notify.success("Your muted alerts have been saved.", { id: "alert-rules-saved" });
    },
    onError: (error, _muted, context) => {
      restore(context);
      notify.warning(errorMessage(error), { id: "alert-rules-saved", title: "Your mutes were not saved" });
    },
  });

  if (settings.isError) {
    return (
      <ErrorState
        title="We could not load the alert rules"
        message={errorMessage(settings.error)}
        onRetry={() => void settings.refetch()}
        retrying={settings.isFetching}
      />
    );
  }
  const data = settings.data;
  return (
    <section aria-labelledby="alert-rules-heading" className="flex flex-col gap-3">
      <h3 id="alert-rules-heading" className="text-foreground text-sm font-semibold">
        Rules
      </h3>
      {!data ? (
        <div role="status" aria-label="Loading the alert rules" className="flex flex-col gap-2">
          <Skeleton className="h-24 w-full" />
          <Skeleton className="h-24 w-full" />
        </div>
      ) : data.rules.length === 0 ? (
        <EmptyState
          title="No alert rules yet"
          description="Brandscope has no rules to judge for this workspace. Alerts appear here once it has."
        />
      ) : (
        <AlertRuleSettings
          rules={itemsOf(data)}
          canEdit={data.canEditRules}
          notice={data.canEditRules ? ADMIN_NOTICE : MEMBER_NOTICE}
          busy={saveRule.isPending || saveMutes.isPending}
          onRuleChange={(rule, setting) => saveRule.mutate({ rule: rule as Rule, ...setting })}
          onMutedChange={(rule, muted) => {
            const others = data.mutedRules.filter((r) => r !== rule);
            saveMutes.mutate(muted ? [...others, rule as Rule] : others);
          }}
        />
      )}
    </section>
  );
}
