import type * as React from "react";
import { cn } from "../lib/cn";
import { Field, FieldLabel } from "./field";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "./select";
import { Switch } from "./switch";

export type AlertSensitivity = "low" | "medium" | "high";

export type AlertRuleSettingsItem = {
  id: string;
  /** What the rule watches, e.g. "Engagement spike or drop". Also names each control for screen readers. */
  name: string;
  /** When it fires, in a sentence. */
  description?: React.ReactNode;
  /** On or off for the whole workspace. */
  enabled: boolean;
  sensitivity: AlertSensitivity;
  /** Muted by the person looking: its alerts are not shown, counted or sent to them. */
  muted: boolean;
};

export type AlertRuleSettingsProps = Omit<React.ComponentProps<"div">, "children"> & {
  rules: readonly AlertRuleSettingsItem[];
  /**
   * Whether the person may change the rules for everyone (on or off, sensitivity). Without it the rules' state is
   * shown as text; muting stays theirs.
   */
  canEdit: boolean;
  onRuleChange?: (id: string, setting: { enabled: boolean; sensitivity: AlertSensitivity }) => void;
  onMutedChange: (id: string, muted: boolean) => void;
  /** A save is under way: the controls wait for it. */
  busy?: boolean;
  /** Shown above the list, e.g. who may change the rules. */
  notice?: React.ReactNode;
};

const SENSITIVITY: readonly { value: AlertSensitivity; label: string }[] = [
  { value: "low", label: "Low" },
  { value: "medium", label: "Medium" },
  { value: "high", label: "High" },
];

const sensitivityLabel = (s: AlertSensitivity) => SENSITIVITY.find((o) => o.value === s)?.label ?? s;

/**
 * The alert rules of a workspace, one row each: what it watches and when it fires; for whoever may change them, a
 * switch that turns it on or off for everyone and its sensitivity, otherwise that state in words; and for everyone a
 * switch that mutes it for themselves. Presentational: the app saves through its own calls and passes back what was
 * stored. Each control's accessible name starts with the rule's name, as a row's controls share their visible labels.
 */
export function AlertRuleSettings({
  className,
  rules,
  canEdit,
  onRuleChange,
  onMutedChange,
  busy = false,
  notice,
  ...props
}: AlertRuleSettingsProps) {
  return (
    <div data-slot="alert-rule-settings" className={cn("flex flex-col gap-4", className)} {...props}>
      {notice ? (
        <div data-slot="alert-rule-settings-notice" className="text-muted-foreground text-sm">
          {notice}
        </div>
      ) : null}
      <ul className="divide-border flex flex-col divide-y rounded-lg border">
        {rules.map((rule) => (
          <RuleRow
            key={rule.id}
            rule={rule}
            canEdit={canEdit}
            busy={busy}
            onRuleChange={onRuleChange}
            onMutedChange={onMutedChange}
          />
        ))}
      </ul>
    </div>
  );
}

function RuleRow({
  rule,
  canEdit,
  busy,
  onRuleChange,
  onMutedChange,
}: {
  rule: AlertRuleSettingsItem;
  canEdit: boolean;
  busy: boolean;
  onRuleChange: AlertRuleSettingsProps["onRuleChange"];
  onMutedChange: AlertRuleSettingsProps["onMutedChange"];
}) {
  // "Engagement spike or drop: " before each visible label, for screen readers only.
  const named = (label: string) => (
    <>
      <span className="sr-only">{rule.name}: </span>
      {label}
    </>
  );
  return (
    <li data-slot="alert-rule-settings-row" className="flex flex-col gap-3 px-4 py-4">
      <div className="flex flex-col gap-1">
        <p className="text-foreground text-sm font-medium">{rule.name}</p>
        {rule.description ? (
          <p className="text-muted-foreground text-sm leading-relaxed">{rule.description}</p>
        ) : null}
      </div>
      {/* The workspace's setting on the left, the person's own on the right (under it when the row is narrow). */}
      <div className="flex flex-wrap items-center justify-between gap-x-8 gap-y-2">
        <div className="flex flex-wrap items-center gap-x-8 gap-y-2">
          {canEdit ? (
            <>
              <Switch
                label={named("On for the workspace")}
                checked={rule.enabled}
                disabled={busy}
                onCheckedChange={(enabled) =>
                  onRuleChange?.(rule.id, { enabled, sensitivity: rule.sensitivity })
                }
              />
              <SensitivitySelect
                label={named("Sensitivity")}
                value={rule.sensitivity}
                disabled={busy}
                onValueChange={(sensitivity) =>
                  onRuleChange?.(rule.id, { enabled: rule.enabled, sensitivity })
                }
              />
            </>
          ) : (
            <p
              data-slot="alert-rule-settings-state"
              className="text-foreground flex min-h-8 items-center text-sm"
            >
              {rule.enabled
                ? `On for the workspace, ${sensitivityLabel(rule.sensitivity).toLowerCase()} sensitivity`
                : "Off for the workspace"}
            </p>
          )}
        </div>
        <Switch
          label={named("Mute for me")}
          checked={rule.muted}
          disabled={busy}
          onCheckedChange={(muted) => onMutedChange(rule.id, muted)}
        />
      </div>
    </li>
  );
}

/** The sensitivity with its label beside it, not above: a row's controls then share one line. */
function SensitivitySelect({
  label,
  value,
  disabled,
  onValueChange,
}: {
  label: React.ReactNode;
  value: AlertSensitivity;
  disabled: boolean;
  onValueChange: (value: AlertSensitivity) => void;
}) {
  return (
    <Field
      data-slot="alert-rule-settings-sensitivity"
      className="flex-row items-center gap-2"
      disabled={disabled}
    >
      <FieldLabel>{label}</FieldLabel>
      <Select value={value} disabled={disabled} onValueChange={(v) => onValueChange(v as AlertSensitivity)}>
        <SelectTrigger size="sm" className="w-28">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {SENSITIVITY.map((option) => (
            <SelectItem key={option.value} value={option.value}>
              {option.label}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </Field>
  );
}
